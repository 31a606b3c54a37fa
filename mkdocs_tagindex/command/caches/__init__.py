"""What a build remembers to do less next time: the state, the memo, the card store, each behind
the one cache seam."""
