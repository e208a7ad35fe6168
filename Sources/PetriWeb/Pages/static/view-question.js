// The open question and the student's answer: the right input for the kind (a number with its unit,
// choice buttons, a probability slider with the number shown), the countdown, the hint (which halves
// the points), the receipt, and changing the answer until the lock where the question allows it.

import { el, setText, replaceChildren, formatNumber, show } from './dom.js';
import { currentQuestion, serverNow } from './lesson-state.js';
import { answerKind, describePrediction, kindWords } from './answer-kinds.js';
import { t, words, formatDuration, formatTime, formatPercent } from './words.js';

/// Refusals of an answer or a hint, shown under the question.
const ANSWER_ERRORS = new Set(['late-answer', 'already-answered', 'too-many-changes', 'wrong-kind', 'question-closed',
    'out-of-range', 'invalid-field', 'no-hint']);

function stateWords(question) {
    switch (question.state) {
        case 'open': return t('question.state.open');
        case 'locked': return question.hunts ? t('question.state.locked.hunts', { count: question.hunts })
            : t('question.state.locked', { generation: question.target });
        case 'resolved': return t('question.state.resolved');
        case 'cancelled': return t('question.state.cancelled', { reason: question.cancelReason ?? '' });
        default: return question.state;
    }
}

export class QuestionView {
    /// - Parameter send: `(message) => bool`, sends an `answer` or `hint` request.
    constructor(root, { send }) {
        this.root = root;
        this.send = send;
        this.questionId = null;
        this.heading = el('h2', { id: 'question-heading' }, t('question.heading'));
        this.prompt = el('p', { class: 'prompt' });
        this.detail = el('p', { class: 'detail' });
        this.status = el('p', { class: 'question-state' });
        this.countdown = el('p', { class: 'countdown', role: 'timer', 'aria-live': 'off' });
        this.extraTime = el('p', { class: 'extra-time' });
        this.form = el('form', { class: 'answer-form', 'aria-labelledby': 'question-heading' });
        this.receipt = el('p', { class: 'receipt', role: 'status' });
        this.hintButton = el('button', words('question.hintButton', { type: 'button', class: 'hint-button' }),
            t('question.hintButton'));
        this.hintText = el('p', { class: 'hint' });
        this.problem = el('p', { class: 'problem', role: 'alert' });
        this.empty = el('p', words('question.none', { class: 'waiting' }), t('question.none'));
        replaceChildren(root, this.heading, this.empty, this.prompt, this.detail, this.status, this.countdown,
            this.extraTime, this.form,
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
        const timed = typeof question.closesAt === 'number';
        const open = question.state === 'open' && !state.ended && !(timed && serverNow(state) >= question.closesAt);
        // The student's own limit: the countdown above already counts to it.
        const extra = question.state === 'open' && timed && (state.extraTime ?? 0) > 0;
        show(this.extraTime, extra);
        setText(this.extraTime, extra ? t('question.extraTime', { percent: formatPercent(state.extraTime) }) : '');
        this.shownOpen = open;
        const mayAnswer = open && (question.allowChange !== false || !answer?.prediction);
        setText(this.status, stateWords(question));
        for (const control of this.form.querySelectorAll('input, button')) control.disabled = !mayAnswer;
        this.form.hidden = !open && !answer?.prediction;
        setText(this.submitButton, answer?.prediction ? t('question.change') : t('question.send'));
        show(this.submitButton, mayAnswer);
        const hint = state.hints.get(question.id);
        show(this.hintButton, question.hasHint && !hint && open);
        show(this.hintText, Boolean(hint));
        setText(this.hintText, hint ? t('question.hint', { text: hint }) : '');
        if (answer?.prediction) {
            const prediction = describePrediction(question, answer.prediction);
            this.receipt.classList.remove('missed');
            const received = answer.answeredAt ? t('question.receivedAt', { prediction, time: formatTime(answer.answeredAt) })
                : t('question.received', { prediction });
            setText(this.receipt, open && question.allowChange !== false
                ? t('question.receivedChangeable', { received }) : received);
            if (!this.restored) this.restoreInput(question, answer.prediction);
        } else {
            setText(this.receipt, open ? '' : t('question.missed'));
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
        setText(this.heading, t('question.numbered', { number: question.id }));
        setText(this.prompt, question.prompt || t('question.defaultPrompt', { metric: question.metricDescription || question.metric }));
        const metric = String(question.metricDescription ?? question.metric).replace(/\.$/, '');
        const detail = {
            kind: kindWords(question.kind), metric, unit: question.unit ?? '', generation: question.target,
            asked: question.askedValue !== undefined ? formatNumber(question.askedValue) : '',
        };
        const line = question.hunts ? t('question.detail.hunts', { ...detail, count: question.hunts })
            : question.unit ? t('question.detail.unit', detail) : t('question.detail', detail);
        setText(this.detail, question.askedValue !== undefined ? t('question.detail.asked', { line, asked: detail.asked }) : line);
        this.submitButton = el('button', { type: 'submit', class: 'primary' }, t('question.send'));
        this.answer = answerKind(question.kind).build(question, { choose: () => this.submit() });
        const controls = [...this.answer.controls];
        // An optional reason goes with the answer; only the teacher sees it unless they share it.
        this.reasonInput = el('input', {
            type: 'text', id: 'answer-reason', maxlength: '140', autocomplete: 'off',
            placeholder: t('question.reason.placeholder'),
        });
        controls.push(el('label', { for: 'answer-reason' }, t('question.reason.label')), this.reasonInput);
        replaceChildren(this.form, controls, this.answer.sendsAtOnce ? null : this.submitButton);
        if (this.answer.sendsAtOnce) this.submitButton.hidden = true;
    }

    /// After a change of language: builds the question's words and controls again at the next render (a sent
    /// answer is put back; one being typed is not).
    relabel() {
        this.questionId = null;
        if (this.state) this.render(this.state);
    }

    restoreInput(question, prediction) {
        this.answer?.restore(prediction);
    }

    submit() {
        const question = this.state?.questions.get(this.questionId);
        if (!question) return;
        const message = { type: 'answer', question: question.id };
        const read = this.answer?.read();
        if (!read) return;
        if (read.problem) {
            setText(this.problem, read.problem);
            read.focus?.focus();
            return;
        }
        Object.assign(message, read.fields);
        const reason = this.reasonInput?.value.trim();
        if (reason) message.reason = reason;
        setText(this.problem, '');
        if (!this.send(message)) {
            setText(this.problem, t('question.notSent'));
        }
    }

    tick() {
        const question = this.state && this.questionId !== null ? this.state.questions.get(this.questionId) : null;
        if (!question || question.state !== 'open' || typeof question.closesAt !== 'number') {
            setText(this.countdown, '');
            return;
        }
        const left = Math.max(0, Math.ceil((question.closesAt - serverNow(this.state)) / 1000));
        setText(this.countdown, t('question.countdown', { time: formatDuration(left) }));
        // At the student's own close the controls go (the server's lock may come later, or not at all when the
        // class's time runs on for others).
        if (left === 0 && this.shownOpen) this.render(this.state);
    }
}
