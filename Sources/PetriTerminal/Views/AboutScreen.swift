import PetriSimulation

/// The `i` screen: what the model shows, in words a class can follow.
public enum AboutScreen {
    /// The explanation of each model.
    public static func text(for model: ModelKind?) -> (title: String, body: String) {
        switch model {
        case .camouflage:
            return (
                "About: camouflage (peppered moths)",
                """
                Each block is a creature. Its shade is its colour, from 1 (black) to 100 (white); the \
                background is the environment's colour. Predators spot creatures that stand out, so the \
                further a creature's colour is from the background, the likelier it is to die.

                Survival is random: a well-hidden creature can still be unlucky, and one that stands out can \
                be lucky. Survivors may have one child, whose colour is the parent's plus or minus up to 10: \
                mutation is random too. Crowding makes survival harder as the population grows.

                No creature changes its own colour. The population changes because the ones that happen to \
                match the background survive more often and pass their colour on. That is natural selection. \
                Watch the colour histogram drift towards the background over the generations.
                """
            )
        case .islands:
            return (
                "About: islands (speciation)",
                """
                The map shows sea, land and the species living on it, each in its own colour. The teacher \
                raises land and floods it, joining and splitting islands.

                When a range is split, the largest part keeps its species and each cut-off part becomes a \
                new species: separated populations go their own way. When islands join, the species holding \
                the most land takes over. New islets start empty, and a species that loses all its land is \
                extinct for good.

                Real speciation also depends on chance (which creatures happen to be cut off, which mutations \
                happen); this model keeps only the geography, so you can predict what each change will do.
                """
            )
        case .life:
            return (
                "About: Conway's Game of Life",
                """
                Each cell is alive or dead. Every generation, a dead cell with exactly three live neighbours \
                is born and a live cell with two or three live neighbours survives; every other cell dies or \
                stays dead (the rule B3/S23; the teacher may choose another).

                Nothing here is random once the board is set: the same start always gives the same future, \
                yet it is very hard to predict without running it. Look for still lifes, blinkers and gliders.
                """
            )
        case .resistance:
            return (
                "About: antibiotic resistance (bacteria)",
                ResistanceModel.story
                    + "\n\nThe bars count the bacteria at each resistance, from 0 on the left to 100 on the right; "
                    + "▲ marks the dose: bacteria at or beyond it are resistant."
            )
        case .beaks:
            return (
                "About: finch beaks (Darwin's finches)",
                BeaksModel.story
                    + "\n\nThe bars count the finches at each beak depth, in half-millimetre steps; ▲ marks the "
                    + "depth best suited to the seeds."
            )
        case nil:
            return ("About", "Waiting for the lesson to start.")
        case let model?:
            return ("About: \(model.rawValue)", ModelCatalog.shipped.entry(for: model)?.modelDescription.story ?? "")
        }
    }

    /// Draws the about box centred on the canvas.
    public static func draw(into canvas: inout Canvas, model: ModelKind?, theme: Theme) {
        let (title, body) = text(for: model)
        let width = min(canvas.width - 4, 76)
        let lines = TerminalText.wrapped(body, toWidth: width - 4)
        let height = min(canvas.height - 2, lines.count + 4)
        let rect = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        canvas.fill(Rect(x: rect.x - 1, y: rect.y, width: rect.width + 2, height: rect.height))
        canvas.box(rect, title: title, style: theme.accent, titleStyle: theme.accent)
        let inner = rect.inset(dx: 2, dy: 1)
        for (i, line) in lines.enumerated() where i < inner.height - 1 {
            canvas.put(line, x: inner.x, y: inner.y + i, maxWidth: inner.width)
        }
        canvas.put("Press any key to go back.", x: inner.x, y: inner.maxY - 1, style: theme.dim, maxWidth: inner.width)
    }
}
