// Each question kind on the pages, one module per kind (the student's input, a sent answer and the
// outcome in words, the spread's labels, the teacher's part of the question builder); this table is
// the one place the pages pick the module for a question's `kind` (a new kind adds a module and a
// line here).

import { numberAnswer } from './answer-number.js';
import { choiceAnswer } from './answer-choice.js';
import { probabilityAnswer } from './answer-probability.js';

const KINDS = { number: numberAnswer, choice: choiceAnswer, probability: probabilityAnswer };

/// Every kind with its module, in the order the teacher's question builder lists them (each module gives its part of
/// the builder's form).
export function askableKinds() {
    return Object.entries(KINDS);
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
