// A probability question's answer on the student page: a slider 0–100% with the number shown.

import { el, setText } from './dom.js';
import { ConditionRow } from './question-form.js';

export const probabilityAnswer = {
    words: 'How likely is it?',

    /// The sent prediction as words, or null when it is not a probability.
    describe(question, prediction) {
        if (!('probability' in prediction)) return null;
        return `${Math.round(prediction.probability * 100)}%`;
    },

    /// Whether the event happened, in words.
    actualWords(question, resolved) {
        return resolved.eventHappened ? 'it happened' : 'it did not happen';
    },

    /// A bar's edge in the class's spread (a percentage), and where the outcome falls: 100% if the
    /// event happened, 0% if not.
    spreadLabel(v) {
        return `${Math.round(v * 100)}%`;
    },
    spreadTarget(resolved) {
        return resolved.eventHappened ? 1 : 0;
    },

    /// The slider, how to put a sent answer back, and how to read the answer to send.
    build() {
        const input = el('input', { type: 'range', id: 'answer-probability', min: '0', max: '100', step: '1', value: '50' });
        const output = el('output', { for: 'answer-probability', class: 'probability' }, '50%');
        input.addEventListener('input', () => setText(output, `${input.value}%`));
        return {
            controls: [el('label', { for: 'answer-probability' }, 'How likely (0% never, 100% certainly)'),
                el('div', { class: 'slider-row' }, input, output)],
            sendsAtOnce: false,
            restore(prediction) {
                if (!('probability' in prediction)) return;
                input.value = String(Math.round(prediction.probability * 100));
                setText(output, `${input.value}%`);
            },
            read() {
                return { fields: { probability: Number(input.value) / 100 } };
            },
        };
    },

    /// The teacher's question builder: the kind in its list, and its part of the form (the event; none: the
    /// server's default).
    builderLabel: 'Probability: how likely is it?',
    builderPart() {
        const event = new ConditionRow({ op: '' }, { allowNone: true });
        return {
            node: el('fieldset', { class: 'kind-part' }, el('legend', {}, 'The event'),
                el('p', { class: 'field-help' }, 'Students give the chance that, at the target generation, the metric…'),
                event.node),
            sync() {},
            fill(message) {
                const condition = event.read();
                if (condition) message.event = condition;
            },
        };
    },
};
