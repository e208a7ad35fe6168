// The open question and the student's answer: the right input for the kind (a number with its unit,
// choice buttons, a probability slider with the number shown), the countdown, the hint (which halves
// the points), the receipt, and changing the answer until the lock where the question allows it.

import { el, setText, replaceChildren, formatNumber, show } from './dom.js';
import { currentQuestion, serverNow } from './lesson-state.js';

/// Refusals of an answer or a hint, shown under the question.
const ANSWER_ERRORS = new Set(['late-answer', 'already-answered', 'too-many-changes', 'wrong-kind', 'question-closed',
    'out-of-range', 'invalid-field', 'no-hint']);

function describePrediction(question, prediction) {
    if (!prediction) return '';
    if ('number' in prediction) return `${formatNumber(prediction.number)}${question?.unit ? ` ${question.unit}` : ''}`;
    if ('choice' in prediction) return `"${question?.options?.[prediction.choice]?.label ?? `option ${prediction.choice + 1}`}"`;
    if ('probability' in prediction) return `${Math.round(prediction.probability * 100)}%`;
    return '';
}

function stateWords(question) {
    switch (question.state) {
        case 'open': return 'Open';
        case 'locked': return `Locked: the answer comes at generation ${question.target}`;
        case 'resolved': return 'Resolved';
        case 'cancelled': return `Withdrawn. ${question.cancelReason ?? ''}`;
        default: return question.state;
    }
}

export class QuestionView {
    /// - Parameter send: `(message) => bool`, sends an `answer` or `hint` request.
    constructor(root, { send }) {
        this.root = root;
        this.send = send;
        this.questionId = null;
        this.heading = el('h2', { id: 'question-heading' }, 'Question');
        this.prompt = el('p', { class: 'prompt' });
        this.detail = el('p', { class: 'detail' });
        this.status = el('p', { class: 'question-state' });
        this.countdown = el('p', { class: 'countdown', role: 'timer', 'aria-live': 'off' });
        this.form = el('form', { class: 'answer-form', 'aria-labelledby': 'question-heading' });
        this.receipt = el('p', { class: 'receipt', role: 'status' });
        this.hintButton = el('button', { type: 'button', class: 'hint-button' },
            'Show the hint (halves your points for this question)');
        this.hintText = el('p', { class: 'hint' });
        this.problem = el('p', { class: 'problem', role: 'alert' });
        this.empty = el('p', { class: 'waiting' }, 'No question yet. Watch the model: the teacher will ask one.');
        replaceChildren(root, this.heading, this.empty, this.prompt, this.detail, this.status, this.countdown, this.form,
            this.problem, this.receipt, this.hintButton, this.hintText);
        this.hintButton.addEventListener('click', () => {
            if (this.questionId !== null) this.send({ type: 'hint', question: this.questionId });
        });
        this.form.addEventListener('submit', (event) => {
            event.preventDefault();
            this.submit();
        });
        this.timer = setInterval(() => this.tick(), 250);
        this.state = null;
    }

    render(state) {
        this.state = state;
        const question = currentQuestion(state);
        show(this.empty, !question);
        const parts = [this.prompt, this.detail, this.status, this.countdown, this.form, this.receipt, this.hintButton,
            this.hintText];
        for (const node of parts) show(node, Boolean(question));
        if (!question) {
            this.questionId = null;
            return;
        }
        if (question.id !== this.questionId) this.build(question);
        const answer = state.answers.get(question.id);
        const open = question.state === 'open' && !state.ended;
        const mayAnswer = open && (question.allowChange !== false || !answer?.prediction);
        setText(this.status, stateWords(question));
        for (const control of this.form.querySelectorAll('input, button')) control.disabled = !mayAnswer;
        this.form.hidden = !open && !answer?.prediction;
        setText(this.submitButton, answer?.prediction ? 'Change my answer' : 'Send my answer');
        show(this.submitButton, mayAnswer);
        const hint = state.hints.get(question.id);
        show(this.hintButton, question.hasHint && !hint && open);
        show(this.hintText, Boolean(hint));
        setText(this.hintText, hint ? `Hint: ${hint}` : '');
        if (answer?.prediction) {
            const at = answer.answeredAt ? new Date(answer.answeredAt).toLocaleTimeString('en-GB') : '';
            this.receipt.classList.remove('missed');
            setText(this.receipt, `Answer received: ${describePrediction(question, answer.prediction)}${at ? ` at ${at}` : ''}.` +
                (open && question.allowChange !== false ? ' You can change it until the question locks.' : ''));
            if (!this.restored) this.restoreInput(question, answer.prediction);
        } else {
            setText(this.receipt, open ? '' : 'You did not answer this question.');
            this.receipt.classList.toggle('missed', !open);
        }
        this.restored = true;
        if (state.error && state.error.serial !== this.errorShown && ANSWER_ERRORS.has(state.error.code)) {
            this.errorShown = state.error.serial;
            setText(this.problem, state.error.message);
        }
        this.tick();
    }

    build(question) {
        this.questionId = question.id;
        this.restored = false;
        setText(this.problem, '');
        setText(this.heading, `Question ${question.id}`);
        setText(this.prompt, question.prompt || `What will ${question.metricDescription || question.metric} be?`);
        const kindWords = { number: 'Predict the number', choice: 'Pick one', probability: 'How likely is it?' };
        const metric = String(question.metricDescription ?? question.metric).replace(/\.$/, '');
        setText(this.detail, `${kindWords[question.kind] ?? ''} · ${metric}` +
            `${question.unit ? ` (${question.unit})` : ''} at generation ${question.target}` +
            (question.askedValue !== undefined ? ` · it was ${formatNumber(question.askedValue)} when asked` : ''));
        this.submitButton = el('button', { type: 'submit', class: 'primary' }, 'Send my answer');
        const controls = [];
        this.choice = null;
        if (question.kind === 'number') {
            this.input = el('input', { type: 'number', id: 'answer-number', step: 'any', inputmode: 'decimal', required: true });
            controls.push(el('label', { for: 'answer-number' }, `Your prediction${question.unit ? ` (${question.unit})` : ''}`),
                el('div', { class: 'number-row' }, this.input, question.unit ? el('span', { class: 'unit' }, question.unit) : null));
        } else if (question.kind === 'choice') {
            this.input = null;
            const group = el('div', { class: 'choices', role: 'group', 'aria-label': 'Options' });
            this.choiceButtons = (question.options ?? []).map((option, index) => {
                const label = option.label ?? `Option ${index + 1}`;
                const button = el('button', { type: 'button', class: 'choice', 'aria-pressed': 'false' }, label);
                button.addEventListener('click', () => {
                    this.choice = index;
                    this.choiceButtons.forEach((b, i) => b.setAttribute('aria-pressed', String(i === index)));
                    this.submit();
                });
                return button;
            });
            group.append(...this.choiceButtons);
            controls.push(group);
        } else {
            this.input = el('input', { type: 'range', id: 'answer-probability', min: '0', max: '100', step: '1', value: '50' });
            this.output = el('output', { for: 'answer-probability', class: 'probability' }, '50%');
            this.input.addEventListener('input', () => setText(this.output, `${this.input.value}%`));
            controls.push(el('label', { for: 'answer-probability' }, 'How likely (0% never, 100% certainly)'),
                el('div', { class: 'slider-row' }, this.input, this.output));
        }
        // An optional reason goes with the answer; only the teacher sees it unless they share it.
        this.reasonInput = el('input', {
            type: 'text', id: 'answer-reason', maxlength: '140', autocomplete: 'off',
            placeholder: 'because… (optional, only your teacher sees it)',
        });
        controls.push(el('label', { for: 'answer-reason' }, 'Why do you think so?'), this.reasonInput);
        replaceChildren(this.form, controls, question.kind === 'choice' ? null : this.submitButton);
        if (question.kind === 'choice') this.submitButton.hidden = true;
    }

    restoreInput(question, prediction) {
        if (question.kind === 'number' && this.input && 'number' in prediction) this.input.value = String(prediction.number);
        if (question.kind === 'probability' && this.input && 'probability' in prediction) {
            this.input.value = String(Math.round(prediction.probability * 100));
            setText(this.output, `${this.input.value}%`);
        }
        if (question.kind === 'choice' && 'choice' in prediction) {
            this.choice = prediction.choice;
            this.choiceButtons?.forEach((b, i) => b.setAttribute('aria-pressed', String(i === prediction.choice)));
        }
    }

    submit() {
        const question = this.state?.questions.get(this.questionId);
        if (!question) return;
        const message = { type: 'answer', question: question.id };
        if (question.kind === 'number') {
            const value = this.input.valueAsNumber;
            if (!Number.isFinite(value)) {
                setText(this.problem, 'Type a number first.');
                this.input.focus();
                return;
            }
            message.number = value;
        } else if (question.kind === 'choice') {
            if (this.choice === null) return;
            message.choice = this.choice;
        } else {
            message.probability = Number(this.input.value) / 100;
        }
        const reason = this.reasonInput?.value.trim();
        if (reason) message.reason = reason;
        setText(this.problem, '');
        if (!this.send(message)) {
            setText(this.problem, 'Not connected: your answer was not sent. Send it again once the page has reconnected.');
        }
    }

    tick() {
        const question = this.state && this.questionId !== null ? this.state.questions.get(this.questionId) : null;
        if (!question || question.state !== 'open' || typeof question.closesAt !== 'number') {
            setText(this.countdown, '');
            return;
        }
        const left = Math.max(0, Math.ceil((question.closesAt - serverNow(this.state)) / 1000));
        setText(this.countdown, `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')} left to answer`);
    }
}
