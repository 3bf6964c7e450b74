"""Teaching with the site: a lesson as slides, the projector view, the live class, the lesson builder and the printable handouts."""
