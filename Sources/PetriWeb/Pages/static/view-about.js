// "About this model": what the picture shows, and that survival and mutation are random.

import { el, replaceChildren } from './dom.js';

const ABOUT = {
    camouflage: [
        'Moths live on a background of one colour, from 1 (black) to 100 (white). Each moth has a colour too.',
        'Predators see moths that stand out from the background more easily, so well-camouflaged moths are more '
            + 'likely to survive and have young.',
        'Survival is random: a well-camouflaged moth can still be eaten and a conspicuous one can be lucky. '
            + 'Young moths inherit their parent\'s colour with small random mutations.',
        'The histogram shows how many moths there are of each colour; the chart shows the population over the generations.',
    ],
    islands: [
        'The map shows islands in the sea. Each species has its own colour and number; sand is empty land.',
        'Species spread to neighbouring land, compete, and some die out; new species can appear by random change.',
        'What happens to any one species is random, so the same start can end differently.',
    ],
    life: [
        'Conway\'s Game of Life: each square is a cell, alive (dark) or dead (light).',
        'Every generation, each cell looks at its eight neighbours: a live cell with two or three live neighbours '
            + 'survives; a dead cell with exactly three comes alive (rule B3/S23). The rule shown may differ.',
        'Unlike the other models, Life has no randomness: the same board always gives the same future.',
    ],
};

export class AboutView {
    constructor(root) {
        this.root = root;
        this.model = null;
    }

    render(state) {
        if (state.model === this.model) return;
        this.model = state.model;
        const paragraphs = ABOUT[state.model] ?? ['This model has no description yet.'];
        replaceChildren(this.root, el('summary', {}, 'About this model'), paragraphs.map((text) => el('p', {}, text)));
    }
}
