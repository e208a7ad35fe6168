// Each question kind on the pages: its answer-*.js module (the student's input, a sent answer and the outcome in
// words, the spread's labels) and its ask-*.js module (its part of the teacher's question builder, which only the
// console loads, so a student's page does not carry it). These tables are the one place the pages pick a kind's
// modules (a new kind adds its two modules and a line in each table).

import { numberAnswer } from './answer-number.js';
import { choiceAnswer } from './answer-choice.js';
import { probabilityAnswer } from './answer-probability.js';
import { rangeAnswer } from './answer-range.js';

const KINDS = { number: numberAnswer, choice: choiceAnswer, probability: probabilityAnswer, range: rangeAnswer };

/// Each kind's part of the question builder, loaded when first asked for, in the order the builder lists the kinds.
const ASKING = {
    number: () => import('./ask-number.js'),
    choice: () => import('./ask-choice.js'),
    probability: () => import('./ask-probability.js'),
    range: () => import('./ask-range.js'),
};

/// Every kind a teacher can ask, in the builder's order: `[kind, asking]`, with `asking` the kind's ask-*.js
/// module's (its label's key and its part of the form).
export async function askableKinds() {
    return Promise.all(Object.entries(ASKING).map(async ([kind, load]) => [kind, (await load()).asking]));
}

/// The module whose input the student page shows for `kind`; an unknown kind gets the slider, as
/// the page always did.
export function answerKind(kind) {
    return KINDS[kind] ?? probabilityAnswer;
}

/// The module whose words and spread describe an outcome of `kind`; an unknown kind reads as a number.
export function outcomeKind(kind) {
    return KINDS[kind] ?? numberAnswer;
}

/// A sent prediction as words: `120 creatures`, `"grow"`, `70%`, `110 to 150 creatures` ('' when none).
export function describePrediction(question, prediction) {
    if (!prediction) return '';
    for (const module of Object.values(KINDS)) {
        const words = module.describe(question, prediction);
        if (words !== null) return words;
    }
    return '';
}

/// The words before the metric in the question's detail line ('' for an unknown kind).
export function kindWords(kind) {
    return KINDS[kind]?.words ?? '';
}
