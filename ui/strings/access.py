"""Strings of the site-wide accessibility and language features (handout downloads)."""

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "access.handout.download": "Download the printable handout (HTML)",
        "access.rules.invalid": "These options do not make a rule set the engine can play: change one of them.",
        "access.handout.help": "One page to print or open without the server: the same text, with the positions drawn as cards.",
    },
    "es": {
        "access.handout.download": "Descargar la hoja para imprimir (HTML)",
        "access.rules.invalid": "Estas opciones no forman un reglamento que el motor pueda jugar: cambia alguna.",
        "access.handout.help": "Una página para imprimir o abrir sin el servidor: el mismo texto, con las posiciones dibujadas en cartas.",
    },
    "pt": {
        "access.handout.download": "Descarregar a folha para imprimir (HTML)",
        "access.rules.invalid": "Estas opções não formam um regulamento que o motor possa jogar: mude alguma.",
        "access.handout.help": "Uma página para imprimir ou abrir sem o servidor: o mesmo texto, com as posições desenhadas em cartas.",
    },
}
