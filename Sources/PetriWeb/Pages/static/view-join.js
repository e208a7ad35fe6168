// The join form: "Join code" and "Your name", and a "Join" button. `/join/CODE` fills the code in.

import { setText } from './dom.js';
import { t } from './words.js';
import { normaliseCode } from './connection.js';

const CODE_PATTERN = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/;

export class JoinView {
    /// - Parameter onJoin: `({code, name}) => void`.
    constructor(form, { onJoin, code = '' }) {
        this.form = form;
        this.codeInput = form.querySelector('#join-code');
        this.nameInput = form.querySelector('#join-name');
        this.problem = form.querySelector('.problem');
        if (code) this.codeInput.value = code;
        form.addEventListener('submit', (event) => {
            event.preventDefault();
            const codeValue = normaliseCode(this.codeInput.value);
            const name = this.nameInput.value.trim();
            if (!CODE_PATTERN.test(codeValue)) {
                setText(this.problem, t('student.join.badCode'));
                this.codeInput.focus();
                return;
            }
            if (!name) {
                setText(this.problem, t('student.join.noName'));
                this.nameInput.focus();
                return;
            }
            setText(this.problem, '');
            onJoin({ code: codeValue, name });
        });
    }

    focus() {
        (this.codeInput.value ? this.nameInput : this.codeInput).focus();
    }

    showProblem(text) {
        setText(this.problem, text);
    }

    render(visible) {
        this.form.hidden = !visible;
    }
}
