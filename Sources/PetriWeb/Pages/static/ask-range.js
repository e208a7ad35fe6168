// A range question's part of the teacher's question builder: the confidence the range is held to and the tolerance,
// with the default the server will use.

import { el } from './dom.js';
import { kindPart, labelledWords, toleranceField } from './question-form.js';

/// The kind in the builder's list and its part of the form (as ask-number.js describes).
export const asking = {
    label: 'builder.kind.range',
    part() {
        const confidence = el('input', { id: 'q-confidence', type: 'number', min: '50', max: '99', step: '1', value: '80' });
        const tolerance = toleranceField('q-range-tolerance');
        return {
            node: kindPart('builder.scoring', labelledWords('builder.confidence', confidence), tolerance.field),
            sync: tolerance.sync,
            fill(message) {
                tolerance.fill(message);
                if (confidence.value !== '') message.confidence = Number(confidence.value);
            },
            write(message) {
                tolerance.write(message);
                confidence.value = message.confidence ?? 80;
            },
        };
    },
};
