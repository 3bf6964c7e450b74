"""The play pages (Kachuful and Krypkasino against bots): the session, the setup, the table, the controls, the record and the link."""
