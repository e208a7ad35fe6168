// A number question's part of the teacher's question builder: the tolerance, with the default the server will use.

import { kindPart, toleranceField } from './question-form.js';

/// The kind in the builder's list (its label's key) and its part of the form: `node`, `sync(context)` with the
/// selected metric, its value now and whether the model can die out, `fill(message)` for the `ask` message, and
/// `write(message)` to show a question written before (a plan's, to change it).
export const asking = {
    label: 'builder.kind.number',
    part() {
        const tolerance = toleranceField('q-tolerance');
        return {
            node: kindPart('builder.scoring', tolerance.field),
            sync: tolerance.sync,
            fill: tolerance.fill,
            write: tolerance.write,
        };
    },
};
