"""The Timer (main menu): the table's clock for any game, 2-8 players passing the turn."""
