"""Strings of the site-wide accessibility and language features (handout downloads)."""

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "access.handout.download": "Download the printable handout (HTML)",
        "access.handout.help": "One page to print or open without the server: the same text, with the positions drawn as cards.",
    },
    "es": {
        "access.handout.download": "Descargar la hoja para imprimir (HTML)",
        "access.handout.help": "Una página para imprimir o abrir sin el servidor: el mismo texto, con las posiciones dibujadas en cartas.",
    },
    "pt": {
        "access.handout.download": "Descarregar a folha para imprimir (HTML)",
        "access.handout.help": "Uma página para imprimir ou abrir sem o servidor: o mesmo texto, com as posições desenhadas em cartas.",
    },
}
