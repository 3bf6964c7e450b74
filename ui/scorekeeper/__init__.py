"""The scorekeepers of games played with real cards: the sheet in the link, each game's entry form and the shared frame."""
