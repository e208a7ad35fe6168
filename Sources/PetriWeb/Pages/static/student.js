// The student page: join or resume, then the model, the question, the charts and the results.
// Wires the connection to the lesson state and each view's render(state).

import { el, setText, replaceChildren, formatNumber } from './dom.js';
import { Connection, normaliseCode, tokenKey } from './connection.js';
import { createState, apply } from './lesson-state.js';
import { JoinView } from './view-join.js';
import { PictureView } from './view-picture.js';
import { HuntField } from './view-hunt.js';
import { ChartsView } from './view-charts.js';
import { QuestionView } from './view-question.js';
import { ResultsView, leaderboardTable } from './view-results.js';
import { StatusView } from './view-status.js';
import { ExplanationView } from './view-explanation.js';
import { AboutView } from './view-about.js';
import { t, language, fillWords, onLanguageChange } from './words.js';
import { languageSwitch, tellServer, followLesson } from './view-language.js';

const state = createState();
const match = location.pathname.match(/^\/join\/([^/]+)\/?$/);
let code = match ? normaliseCode(decodeURIComponent(match[1])) : '';
let pendingName = '';
let connection = null;

const status = new StatusView(document.getElementById('connection'), document.getElementById('live'));
const lessonNode = document.getElementById('lesson');
const youNode = document.getElementById('you');
const renamedNode = document.getElementById('renamed');
const closingNode = document.getElementById('closing');
const joinView = new JoinView(document.getElementById('join'), { onJoin: join, code });
const picture = new PictureView(document.getElementById('picture'));
const hunt = new HuntField(document.getElementById('picture'), { send: (m) => connection?.send(m) ?? false });
const charts = new ChartsView(document.getElementById('charts'));
const question = new QuestionView(document.getElementById('question'), { send: (m) => connection?.send(m) ?? false });
const results = new ResultsView(document.getElementById('results'), {
    anonymous: (lesson) => lesson.options?.leaderboard === 'anonymous',
});
const about = new AboutView(document.getElementById('about'), { send: (m) => connection?.send(m) ?? false });
const explanation = new ExplanationView(document.getElementById('explanation'));

function storedToken(lessonCode) {
    try {
        return localStorage.getItem(tokenKey(lessonCode));
    } catch {
        return null; // storage may be off (private mode): the student can still join, just not resume
    }
}

function storeToken(lessonCode, token) {
    try {
        localStorage.setItem(tokenKey(lessonCode), token);
    } catch {
        // see storedToken
    }
}

function forgetToken(lessonCode) {
    try {
        localStorage.removeItem(tokenKey(lessonCode));
    } catch {
        // see storedToken
    }
}

function join({ code: lessonCode, name }) {
    code = lessonCode;
    pendingName = name;
    start();
}

function start() {
    connection?.stop();
    connection = new Connection({
        hello: (lastSeen) => {
            const token = storedToken(code);
            if (token) return { type: 'resume', code, token, language: language(), ...(lastSeen ? { lastSeen } : {}) };
            return { type: 'join', code, name: pendingName, language: language() };
        },
        onMessage: receive,
        onState: (connectionState) => {
            state.connection = connectionState;
            status.render(state);
        },
    });
    connection.start();
}

function receive(message) {
    if (message.type === 'welcome' && message.you?.token) storeToken(code, message.you.token);
    if (message.type === 'welcome' && location.pathname !== `/join/${code}`) {
        history.replaceState(null, '', `/join/${code}`); // so a reload resumes this lesson
    }
    if (message.type === 'error' && state.role === null) {
        if (['unknown-token', 'kicked'].includes(message.code)) forgetToken(code);
        if (['unknown-token'].includes(message.code) && pendingName) {
            start(); // the stored token was from an older lesson with this code: join afresh
            return;
        }
        joinView.showProblem(message.message);
        joinView.render(true);
        lessonNode.hidden = true;
    }
    if (message.type === 'connectionClosed' && message.code === 4000) forgetToken(code);
    const words = apply(state, message);
    for (const line of words ?? []) status.say(line);
    hunt.received(message, state);
    if (message.type === 'welcome') followLesson(state);
    render();
}

function render() {
    const joined = state.role !== null;
    joinView.render(!joined);
    lessonNode.hidden = !joined;
    if (!joined) return;
    document.title = t('student.title.lesson', { code });
    const you = state.you;
    setText(youNode, you ? t('student.you', { name: you.name, score: formatNumber(you.score ?? 0), streak: you.streak ?? 0 }) : '');
    setText(renamedNode, state.renamed ?? '');
    renamedNode.hidden = !state.renamed;
    status.render(state);
    explanation.render(state);
    picture.render(state);
    charts.render(state);
    question.render(state);
    const shown = question.questionId;
    if (shown !== null) results.render(state, shown);
    about.render(state);
    renderClosing();
}

function renderClosing() {
    const closing = state.closing;
    const ended = state.ended;
    closingNode.hidden = !ended && !closing;
    if (closingNode.hidden) return;
    replaceChildren(closingNode,
        el('h2', {}, t('student.closing.heading')),
        closing ? el('p', { class: 'closing-message' }, closing.message) : null,
        closing ? el('p', { class: 'closing-score' },
            t('student.closing.score', {
                score: formatNumber(closing.score), possible: formatNumber(closing.possible), rank: closing.rank,
            }))
            : null,
        state.lessonEnded?.leaderboard ? leaderboardTable({ ...state.lessonEnded.leaderboard, you: state.leaderboard?.you }, {
            youId: state.you?.student ?? null, anonymous: state.options?.leaderboard === 'anonymous',
            expected: state.options?.rankBy === 'expected',
        }) : null);
}

languageSwitch(document.getElementById('language-switch'));
fillWords();
onLanguageChange(() => {
    fillWords();
    if (connection) tellServer(state, (m) => connection.send(m));
    picture.relabel();
    hunt.relabel(state);
    charts.relabel();
    question.relabel();
    about.relabel(state);
    render();
});

if (code && storedToken(code)) {
    start();
} else {
    joinView.render(true);
    joinView.focus();
}
