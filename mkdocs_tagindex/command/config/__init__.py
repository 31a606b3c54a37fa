"""The site's configuration as the command reads it, and `init`/`clean`'s proven edits of it."""
