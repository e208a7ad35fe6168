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
    resistance: [
        'Bacteria in an infection each have a resistance to the antibiotic, from 0 (none) to 100. The teacher sets the dose.',
        'An antibiotic kills the least resistant bacteria most often. If the course stops early, the survivors are the '
            + 'toughest ones, they multiply, and the infection that comes back is harder to treat: that is how resistant '
            + 'infections arise, and why a course should be finished.',
        'Survival is random: a resistant bacterium can be killed and a weak one can survive. Children inherit their '
            + 'parent\'s resistance with small random mutations; resistance has a cost, so without the antibiotic it fades.',
        'The picture shows how many bacteria have each resistance; the red bar holds the dose.',
    ],
    beaks: [
        'On Daphne Major in the Galapagos, Peter and Rosemary Grant measured the beaks of nearly every medium ground finch.',
        'In the 1977 drought only large hard seeds were left; most finches starved, and the survivors had beaks about '
            + '0.5 mm deeper than before (Boag and Grant, 1981). Their chicks inherited the deeper beaks.',
        'Survival is random: a finch with the best beak can still die and a poorly suited one can live. Chicks inherit '
            + 'their parent\'s beak depth with small random mutations.',
        'The picture shows how many finches have each beak depth; the red bar holds the best depth for the seeds.',
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
