// The student page's answer input for each question kind, one module per kind; this table is the
// one place the page picks the module for a question's `kind` (a new kind adds a module and a line).

import { numberAnswer } from './answer-number.js';
import { choiceAnswer } from './answer-choice.js';
import { probabilityAnswer } from './answer-probability.js';

const KINDS = { number: numberAnswer, choice: choiceAnswer, probability: probabilityAnswer };

/// The module for `kind`; an unknown kind gets the last one, as the page always did.
export function answerKind(kind) {
    return KINDS[kind] ?? probabilityAnswer;
}

/// A sent prediction as words: `120 creatures`, `"grow"`, `70%` ('' when none).
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
