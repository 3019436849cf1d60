"""Host side of the table companion: simulator, screenshots and scoring tool (CPython)."""
