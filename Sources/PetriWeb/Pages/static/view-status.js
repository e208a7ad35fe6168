// The connection state line and the polite live region that says in words what changed: each
// generation's key numbers (at most one announcement every two seconds during an auto-run, always the
// newest), questions, locks and results.

import { setText } from './dom.js';
import { t } from './words.js';
import { describeGeneration } from './lesson-state.js';

const STATE_WORDS = {
    idle: 'status.idle',
    connecting: 'status.connecting',
    live: 'status.live',
    reconnecting: 'status.reconnecting',
    closed: 'status.closed',
    ended: 'status.ended',
};

export class StatusView {
    constructor(statusNode, liveNode) {
        this.statusNode = statusNode;
        this.liveNode = liveNode;
        this.lastAnnounced = -1;
        this.lastAt = 0;
        this.pending = null;
        this.queue = [];
    }

    render(state) {
        // A lesson that ended closes every connection: that is its end, not a lost connection.
        const ended = state.ended && state.connection.state === 'closed';
        const { state: name, detail } = ended ? { state: 'ended', detail: '' } : state.connection;
        const words = STATE_WORDS[name] ? t(STATE_WORDS[name]) : name;
        setText(this.statusNode, detail ? t('status.withDetail', { state: words, detail }) : words);
        this.statusNode.dataset.state = name;
        const g = state.lastGeneration;
        if (g >= 0 && g !== this.lastAnnounced && state.model) this.announceGeneration(state);
    }

    announceGeneration(state) {
        const now = performance.now();
        const wait = this.lastAt + 2000 - now;
        if (wait > 0) {
            clearTimeout(this.pending);
            this.pending = setTimeout(() => this.announceGeneration(state), wait);
            return;
        }
        this.lastAnnounced = state.lastGeneration;
        this.lastAt = now;
        this.say(describeGeneration(state, state.lastGeneration));
    }

    /// Puts words in the live region; several in one tick are joined so none is lost.
    say(words) {
        if (!words) return;
        this.queue.push(words);
        if (this.queue.length > 1) return;
        queueMicrotask(() => {
            const text = this.queue.join(' ');
            setText(this.liveNode, text);
            this.queue = [];
        });
    }
}
