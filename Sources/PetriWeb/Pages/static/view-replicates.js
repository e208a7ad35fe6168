// "What else could have happened?" (the terminal's `replicates`): run copies of the lesson from now a number of
// generations ahead; everyone then sees the band of where most of them went on the chart. The result's words
// are the same ones the live region reads out.

import { el, replaceChildren, setText } from './dom.js';
import { t, words } from './words.js';

export class ReplicatesView {
    /// - Parameters:
    ///   - root: the element this view owns.
    ///   - send: `(message) => bool`, sends on the lesson's connection.
    constructor(root, { send }) {
        this.root = root;
        this.send = send;
        this.count = el('input', { id: 'replicates-count', class: 'short', type: 'number', min: '1', max: '200',
            step: '1', value: '100' });
        this.horizon = el('input', { id: 'replicates-horizon', class: 'short', type: 'number', min: '1', max: '200',
            step: '1', value: '20' });
        this.metric = el('select', { id: 'replicates-metric' });
        this.run = el('button', words('replicates.run', { type: 'button', id: 'replicates-run' }), t('replicates.run'));
        this.problem = el('p', { class: 'problem', role: 'alert' });
        this.outcome = el('p', { class: 'replicates-outcome', id: 'replicates-outcome' });
        this.drawnMetrics = null;
        replaceChildren(root,
            el('h2', words('replicates.heading'), t('replicates.heading')),
            el('p', words('replicates.explain', { class: 'field-help' }), t('replicates.explain')),
            el('div', { class: 'field' }, el('label', words('replicates.measure', { for: 'replicates-metric' }),
                t('replicates.measure')), this.metric),
            el('div', { class: 'button-row' },
                el('label', words('replicates.copies', { for: 'replicates-count' }), t('replicates.copies')), this.count,
                el('label', words('replicates.ahead', { for: 'replicates-horizon' }), t('replicates.ahead')), this.horizon),
            el('div', { class: 'button-row' }, this.run),
            this.problem, this.outcome);
        this.run.addEventListener('click', () => this.request());
    }

    /// The words of the latest result (the live region's too).
    shown(words) {
        setText(this.outcome, words);
    }

    render(state) {
        this.run.disabled = state.ended;
        // Metrics with arguments (a cell, a region) are asked about in a question, not here.
        const metrics = (state.metrics ?? []).filter((m) => typeof m.name === 'string' && !m.name.includes('('));
        const key = JSON.stringify(metrics.map((m) => m.name));
        if (key === this.drawnMetrics) return;
        this.drawnMetrics = key;
        const previous = this.metric.value;
        replaceChildren(this.metric, metrics.map((m) => el('option', { value: m.name },
            `${String(m.description ?? m.name).replace(/\.$/, '')}${m.unit ? ` (${m.unit})` : ''}`)));
        if (metrics.some((m) => m.name === previous)) this.metric.value = previous;
    }

    request() {
        setText(this.problem, '');
        const count = Number(this.count.value);
        const horizon = Number(this.horizon.value);
        if (!Number.isInteger(count) || count < 1 || count > 200) {
            setText(this.problem, t('replicates.problem.copies'));
            return;
        }
        if (!Number.isInteger(horizon) || horizon < 1 || horizon > 200) {
            setText(this.problem, t('replicates.problem.ahead'));
            return;
        }
        if (!this.metric.value) {
            setText(this.problem, t('replicates.problem.metric'));
            return;
        }
        if (this.send({ type: 'replicates', count, horizon, metric: this.metric.value })) {
            setText(this.outcome, t('replicates.running', { count, horizon }));
        }
    }
}
