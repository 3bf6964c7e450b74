"""UI strings of the deck picker (issue 14): pick cards by clicking them."""

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "picker.help": "Click or tap a card to add it or take it back (Tab to a card, then Enter or Space); the field below shows the same cards as codes, and you may type them there too.",
        "picker.odds": "Your hand: pick its cards",
        "picker.yes": "yes",
        "picker.no": "no",
        "picker.fan.rules": "Rules (the house rules unless you change them)",
        "picker.sweep.hand": "Your hand: pick its cards",
        "picker.sweep.table": "The table: pick its cards",
        "picker.sweep.measures": "The bar: the chance that the next player holds a card taking the whole table this play leaves (then C-8 makes them sweep). The number after it, the cost: the card points this play takes plus the sweep points it scores, minus {points:plural:# sweep point|# sweep points} times that chance; lower is better. A pale bar is a play the rules forbid now (C-8).",
    },
    "es": {
        "picker.help": "Haz clic o toca una carta para añadirla o quitarla (llega con Tab y pulsa Intro o Espacio); el campo de abajo muestra las mismas cartas como códigos, y también puedes escribirlas allí.",
        "picker.odds": "Tu mano: elige sus cartas",
        "picker.yes": "sí",
        "picker.no": "no",
        "picker.fan.rules": "Reglas (las de la casa si no las cambias)",
        "picker.sweep.hand": "Tu mano: elige sus cartas",
        "picker.sweep.table": "La mesa: elige sus cartas",
        "picker.sweep.measures": "La barra: la probabilidad de que el siguiente jugador tenga una carta que se lleve toda la mesa que deja esta jugada (entonces C-8 le obliga a barrer). El número que sigue, el coste: los puntos de cartas que se lleva esta jugada más los puntos de barrida que marca, menos {points:plural:# punto|# puntos} de barrida por esa probabilidad; cuanto menos, mejor. Una barra pálida es una jugada que las reglas prohíben ahora (C-8).",
    },
    "pt": {
        "picker.help": "Clica ou toca numa carta para a juntar ou retirar (chega com Tab e carrega em Enter ou Espaço); o campo abaixo mostra as mesmas cartas como códigos, e também as podes escrever lá.",
        "picker.odds": "A tua mão: escolhe as cartas",
        "picker.yes": "sim",
        "picker.no": "não",
        "picker.fan.rules": "Regras (as da casa se não as mudares)",
        "picker.sweep.hand": "A tua mão: escolhe as cartas",
        "picker.sweep.table": "A mesa: escolhe as cartas",
        "picker.sweep.measures": "A barra: a probabilidade de o jogador seguinte ter uma carta que leve a mesa toda que esta jogada deixa (então C-8 obriga-o a varrer). O número a seguir, o custo: os pontos de cartas que esta jogada leva mais os pontos de varredura que marca, menos {points:plural:# ponto|# pontos} de varredura vezes essa probabilidade; quanto menos, melhor. Uma barra pálida é uma jogada que as regras proíbem agora (C-8).",
    },
}
