// A probability question's answer on the student page: a slider 0–100% with the number shown.

import { el, setText } from './dom.js';
import { t, formatPercent } from './words.js';

export const probabilityAnswer = {
    get words() {
        return t('answer.probability.words');
    },

    /// The sent prediction as words, or null when it is not a probability.
    describe(question, prediction) {
        if (!('probability' in prediction)) return null;
        return formatPercent(Math.round(prediction.probability * 100));
    },

    /// Whether the event happened, in words.
    actualWords(question, resolved) {
        return resolved.eventHappened ? t('answer.probability.happened') : t('answer.probability.notHappened');
    },

    /// A bar's edge in the class's spread (a percentage), and where the outcome falls: 100% if the
    /// event happened, 0% if not.
    spreadLabel(v) {
        return formatPercent(Math.round(v * 100));
    },
    spreadTarget(resolved) {
        return resolved.eventHappened ? 1 : 0;
    },

    /// The slider, how to put a sent answer back, and how to read the answer to send.
    build() {
        const input = el('input', { type: 'range', id: 'answer-probability', min: '0', max: '100', step: '1', value: '50' });
        const output = el('output', { for: 'answer-probability', class: 'probability' }, formatPercent(50));
        input.addEventListener('input', () => setText(output, formatPercent(Number(input.value))));
        return {
            controls: [el('label', { for: 'answer-probability' }, t('answer.probability.label')),
                el('div', { class: 'slider-row' }, input, output)],
            sendsAtOnce: false,
            restore(prediction) {
                if (!('probability' in prediction)) return;
                input.value = String(Math.round(prediction.probability * 100));
                setText(output, formatPercent(Number(input.value)));
            },
            read() {
                return { fields: { probability: Number(input.value) / 100 } };
            },
        };
    },
};
