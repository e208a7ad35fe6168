// A probability question's part of the teacher's question builder: the event (none: the server's default).

import { el } from './dom.js';
import { t, words } from './words.js';
import { ConditionRow, kindPart } from './question-form.js';

/// The kind in the builder's list and its part of the form (as ask-number.js describes).
export const asking = {
    label: 'builder.kind.probability',
    part() {
        const event = new ConditionRow({ op: '' }, { allowNone: true });
        return {
            node: kindPart('builder.event',
                el('p', words('builder.event.explain', { class: 'field-help' }), t('builder.event.explain')), event.node),
            sync() {},
            fill(message) {
                const condition = event.read();
                if (condition) message.event = condition;
            },
            write(message) {
                event.write(message.event ?? { op: '' });
            },
        };
    },
};
