"""The firmware's one version string (also in package.json, written from here by
tools/mip_package.py, and in the README; tests/test_rest.py checks they agree)."""
VERSION = "0.2.0"
