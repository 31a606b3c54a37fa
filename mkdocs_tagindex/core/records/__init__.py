"""Page records: front matter, the article record, card fields, listing markers."""
