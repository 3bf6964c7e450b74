"""The quiz page: the marking helpers and the drawing."""
