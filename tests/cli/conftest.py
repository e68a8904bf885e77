"""The fixtures of the page's browser tests (tests/page_browser.py): the page served, its folder, a
static host of it, the browser, the screenshots' folder, and the check that the tools are here."""

from page_browser import base, browser, folder, shots, static_host, tools  # noqa: F401
