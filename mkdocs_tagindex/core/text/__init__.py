"""Pure parts over text: read time, HTML facts, slugs, labels and CLDR facts."""
