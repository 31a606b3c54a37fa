"""Browser tests (Playwright + Debian Chromium) against the built example site.

This file makes the folder a package so that its conftest.py is imported as
`browser.conftest` and does not shadow tests/conftest.py, which other tests import as `conftest`.
"""
