"""Tables where people play together: what a seat sees and may do, and the table page's screens."""
