"""The walkthrough pages: each game's steps said and drawn, the shared controls and the "your move" questions."""
