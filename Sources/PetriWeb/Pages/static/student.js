// The student page: join or resume, then the model, the question, the charts and the results.
// Wires the connection to the lesson state and each view's render(state). A make-up (/makeup/CODE, or its code
// typed here) adds view-makeup.js, loaded only then.

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
import { t, language, fillWords, onLanguageChange, loadPart } from './words.js';
import { languageSwitch, tellServer, followLesson } from './view-language.js';

const state = createState();
const match = location.pathname.match(/^\/(join|makeup)\/([^/]+)\/?$/);
let code = match ? normaliseCode(decodeURIComponent(match[2])) : '';
let makeup = match?.[1] === 'makeup';
let makeupView = null;
let lessonProblem = null; // no lesson has the typed code: tried as a make-up's
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

const keyFor = (lessonCode) => (makeup ? `petri.makeup.${lessonCode}` : tokenKey(lessonCode));

function storedToken(lessonCode) {
    try {
        return localStorage.getItem(keyFor(lessonCode));
    } catch {
        return null; // storage may be off (private mode): the student can still join, just not resume
    }
}

function storeToken(lessonCode, token) {
    try {
        localStorage.setItem(keyFor(lessonCode), token);
    } catch {
        // see storedToken
    }
}

function forgetToken(lessonCode) {
    try {
        localStorage.removeItem(keyFor(lessonCode));
    } catch {
        // see storedToken
    }
}

function join({ code: lessonCode, name }) {
    makeup = location.pathname === `/makeup/${lessonCode}`;
    lessonProblem = null;
    code = lessonCode;
    pendingName = name;
    start();
}

async function start() {
    connection?.stop();
    if (makeup && !makeupView) {
        const [{ MakeupView }] = await Promise.all([import('./view-makeup.js'), loadPart('makeup')]);
        makeupView = new MakeupView(document.querySelector('.side-column'), {
            send: (m) => connection?.send(m) ?? false, say: (w) => status.say(w),
            token: (carried) => (carried ? storeToken(code, carried) : storedToken(code)),
        });
    }
    connection = new Connection({
        hello: (lastSeen) => {
            const token = storedToken(code);
            if (makeup) {
                return token ? { type: 'resumeMakeup', code, token, language: language() }
                    : { type: 'joinMakeup', code, name: pendingName, language: language() };
            }
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
    const path = `/${makeup ? 'makeup' : 'join'}/${code}`;
    if (message.type === 'welcome' && message.you?.token) storeToken(code, message.you.token);
    if (message.type === 'welcome' && location.pathname !== path) {
        history.replaceState(null, '', path); // so a reload resumes this lesson
    }
    if (message.type === 'error' && state.role === null && pendingName
        && ((!makeup && message.code === 'unknown-lesson') || (lessonProblem && message.code === 'unknown-makeup'))) {
        makeup = !lessonProblem;
        if (makeup) {
            lessonProblem = message.message;
            start();
            return;
        }
        message = { ...message, message: lessonProblem };
        lessonProblem = null;
    }
    if (message.type === 'error' && state.role === null) {
        const stale = message.code === 'unknown-token' || (makeup && message.code === 'unknown-makeup' && storedToken(code));
        if (stale || message.code === 'kicked') forgetToken(code);
        if (stale && pendingName) {
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
    makeupView?.received(message);
    if (message.type === 'welcome') followLesson(state);
    render();
}

function render() {
    const joined = state.role !== null;
    joinView.render(!joined);
    lessonNode.hidden = !joined;
    if (makeupView) makeupView.root.hidden = !makeup;
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
    makeupView?.relabel();
    render();
});

if (code && (storedToken(code) || (makeup && location.hash))) {
    start();
} else {
    joinView.render(true);
    joinView.focus();
}
