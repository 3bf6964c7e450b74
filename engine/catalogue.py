"""Messages shared by both games (records, seats, options). See :mod:`engine.messages`."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "common.bad-seat": "there is no seat {seat}: seats are numbered 0 to {players_minus_one}",
        "common.bad-card": "{code!r} is not a card code: write a rank (A K Q J T 9 8 7 6 5 4 3 2) followed by a suit (S H D C), e.g. \"AS\" or \"TD\"",
        "common.bad-option": "{option} cannot be {value!r}: choose one of {choices}",
        "common.game-over": "the game is over: no more moves can be made",
    },
    "es": {
        "common.bad-seat": "no existe el asiento {seat}: los asientos van del 0 al {players_minus_one}",
        "common.bad-card": "{code!r} no es un código de carta: escribe un valor (A K Q J T 9 8 7 6 5 4 3 2) seguido de un palo (S H D C), p. ej. \"AS\" o \"TD\"",
        "common.bad-option": "{option} no puede ser {value!r}: elige entre {choices}",
        "common.game-over": "la partida ha terminado: no se pueden hacer más jugadas",
    },
    "pt": {
        "common.bad-seat": "não existe o lugar {seat}: os lugares vão de 0 a {players_minus_one}",
        "common.bad-card": "{code!r} não é um código de carta: escreva um valor (A K Q J T 9 8 7 6 5 4 3 2) seguido de um naipe (S H D C), p. ex. \"AS\" ou \"TD\"",
        "common.bad-option": "{option} não pode ser {value!r}: escolha entre {choices}",
        "common.game-over": "o jogo terminou: não se podem fazer mais jogadas",
    },
}
