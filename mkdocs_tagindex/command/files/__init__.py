"""What the command owns under `docs_dir` and how it writes there: ownership proved from the files,
the lock, the generated page files, clashes with author pages."""
