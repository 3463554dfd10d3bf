// Texts of the app in zh-CN (default) and en. The language choice is kept
// in localStorage (it is no secret) and sent to the API as Accept-Language,
// so feedback and error messages come back in the same language.
const KEY = 'qixue.lang';
let current = (() => {
  try { return localStorage.getItem(KEY) === 'en' ? 'en' : 'zh-CN'; } catch { return 'zh-CN'; }
})();

export function lang() { return current; }

export function setLang(l) {
  current = l === 'en' ? 'en' : 'zh-CN';
  try { localStorage.setItem(KEY, current); } catch { /* private mode */ }
  document.documentElement.lang = current;
}

// t(key, vars) returns the text in the current language, {name} filled.
export function t(key, vars) {
  const pair = TEXT[key];
  let s = pair ? pair[current === 'en' ? 1 : 0] : key;
  for (const [k, v] of Object.entries(vars || {})) s = s.replaceAll('{' + k + '}', String(v));
  return s;
}

const TEXT = {
  app: ['棋学', 'Qixue'],
  switchLang: ['English', '中文'],
  switchLangLabel: ['Switch to English', '切换到中文'],
  iAmStudent: ['我是学生', "I'm a student"],
  iAmTeacher: ['我是老师', "I'm a teacher"],
  logout: ['退出', 'Log out'],
  back: ['返回', 'Back'],
  loading: ['加载中…', 'Loading…'],
  networkError: ['连不上服务器，请稍后再试。', 'Cannot reach the server. Try again in a moment.'],
  // student login
  classCode: ['班级码', 'Class code'],
  next: ['下一步', 'Next'],
  whoAreYou: ['你是谁？', 'Who are you?'],
  typeUsername: ['输入用户名', 'Type your username'],
  username: ['用户名', 'Username'],
  pin: ['PIN 密码', 'PIN'],
  enterPin: ['输入你的 PIN', 'Enter your PIN'],
  del: ['删除', 'Delete'],
  clear: ['清空', 'Clear'],
  go: ['进入', 'Go'],
  pinDigits: ['已输入 {n} 位', '{n} digits entered'],
  noNames: ['这个班级码没有名单，请输入用户名。', 'No class list for this code; type your username.'],
  // student home
  hello: ['你好，{name}！', 'Hello, {name}!'],
  whatsNext: ['下一题', "What's next"],
  start: ['开始', 'Start'],
  nothingNext: ['现在没有题目了，真棒！', 'Nothing left for now. Well done!'],
  myWork: ['我的作业', 'My assignments'],
  due: ['截止 {date}', 'due {date}'],
  dueSoon: ['快到期了', 'due soon'],
  solvedOf: ['{solved}/{total}', '{solved}/{total}'],
  attemptsLeft: ['还能试 {n} 次', '{n} tries left'],
  unlimited: ['不限次数', 'unlimited tries'],
  noWork: ['没有作业。', 'No assignments.'],
  rating: ['积分 {r}', 'rating {r}'],
  level: ['{n} 级', 'level {n}'],
  reason_assignment: ['作业', 'homework'],
  reason_weak_skill: ['再练练', 'practise'],
  reason_rating: ['挑战', 'challenge'],
  status_not_started: ['未开始', 'not started'],
  status_struggling: ['需要帮助', 'needs help'],
  status_partial: ['进行中', 'in progress'],
  status_overdue: ['已过期', 'overdue'],
  status_late: ['迟交完成', 'done late'],
  status_done: ['完成', 'done'],
  game_chess: ['国际象棋', 'Chess'],
  game_draughts: ['国际跳棋', 'Draughts'],
  game_gomoku: ['五子棋', 'Gomoku'],
  game_numchess: ['国际数棋', 'Number chess'],
  // exercise
  yourTurn: ['轮到你了', 'Your move'],
  tapPiece: ['点一个棋子，再点要去的格子', 'Tap a piece, then where it goes'],
  tapPoint: ['点一个交叉点落子', 'Tap a point to play'],
  markPoints: ['点出所有的棋子，再按 ✔', 'Tap every stone, then ✔'],
  tapLandings: ['点一个棋子，再依次点它落下的每一格', 'Tap a piece, then each square it lands on'],
  promoteTo: ['升变成：', 'Promote to:'],
  piece_q: ['后', 'Queen'], piece_r: ['车', 'Rook'], piece_b: ['象', 'Bishop'], piece_n: ['马', 'Knight'],
  correct: ['答对了！', 'Correct!'],
  wrong: ['再想想', 'Not quite'],
  partial: ['差一点', 'Almost'],
  continueLine: ['对！继续', 'Right! Keep going'],
  tryAgain: ['再试一次', 'Try again'],
  nextExercise: ['下一题', 'Next puzzle'],
  giveUp: ['看答案', 'Show the answer'],
  noAttemptsLeft: ['这题的次数用完了。', 'No tries left for this one.'],
  submit: ['提交', 'Submit'],
  answer: ['答案', 'Answer'],
  expression: ['算式', 'Expression'],
  makeTarget: ['用 {digits} 算出 {target}', 'Make {target} from {digits}'],
  typedAnswer: ['写下你的答案', 'Write your answer'],
  square: ['{sq} 格', 'square {sq}'],
  selected: ['已选中 {sq}', '{sq} selected'],
  stars: ['{n} 颗星', '{n} stars'],
  // teacher
  teacherLogin: ['老师登录', 'Teacher login'],
  password: ['密码', 'Password'],
  login: ['登录', 'Log in'],
  classes: ['班级', 'Classes'],
  progress: ['进度', 'Progress'],
  tournaments: ['比赛', 'Tournaments'],
  games: ['棋谱', 'Game records'],
  comingSoon: ['即将推出', 'coming soon'],
  students: ['学生', 'Students'],
  grade: ['{n} 年级', 'grade {n}'],
  loginCode: ['登录码 {code}', 'login code {code}'],
  realName: ['姓名', 'Name'],
  addStudents: ['添加学生', 'Add students'],
  namesOnePerLine: ['学生姓名（每行一个）', "Students' names (one a line)"],
  create: ['创建', 'Create'],
  cardsTitle: ['登录卡', 'Login cards'],
  printCards: ['打印登录卡', 'Print login cards'],
  cardsOnce: ['PIN 只显示这一次，请现在打印。', 'The PINs are shown only this once: print them now.'],
  resetPin: ['重置 PIN', 'Reset PIN'],
  confirmReset: ['给 {name} 一个新 PIN？旧的 PIN 会失效。', 'Give {name} a new PIN? The old one stops working.'],
  newPin: ['{name} 的新 PIN：{pin}', "{name}'s new PIN: {pin}"],
  assign: ['布置作业', 'Assign'],
  title: ['标题', 'Title'],
  opensAt: ['开始时间', 'Opens'],
  dueAt: ['截止时间', 'Due'],
  attemptsAllowed: ['每题次数（0 为不限）', 'Tries per exercise (0: unlimited)'],
  exercisesPick: ['选择题目', 'Choose exercises'],
  filterGame: ['棋类', 'Game'],
  filterKind: ['题型', 'Kind'],
  practiceSet: ['生成练习', 'Generated practice'],
  practiceCount: ['题数', 'How many'],
  none: ['无', 'none'],
  assigned: ['已布置：{title}', 'Assigned: {title}'],
  matrix: ['班级进度', 'Class progress'],
  sortBy: ['排序', 'Sort'],
  sortName: ['按姓名', 'by name'],
  sortNeeds: ['需要帮助的在前', 'who needs help first'],
  csv: ['下载 CSV', 'Download CSV'],
  attemptsOf: ['{name} · {title}', '{name} · {title}'],
  noAttempts: ['还没有作答。', 'No attempts yet.'],
  close: ['关闭', 'Close'],
  noClasses: ['还没有班级。', 'No classes yet.'],
  more: ['更多', 'More'],
  actions: ['操作', 'Actions'],
  outcome_correct: ['对', 'right'],
  outcome_wrong: ['错', 'wrong'],
  outcome_partial: ['部分对', 'partly right'],
};
