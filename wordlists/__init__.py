"""Word lists from real public sources (see SOURCES.md) and the script that rebuilds them (build.py).

Data only: `scrub.lexicon` reads the *.tsv.gz files; nothing here is imported at run time."""
