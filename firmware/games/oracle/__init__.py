"""The Oracle of Delphi: oracle dice, Titan die, battle die, turns and rounds."""
