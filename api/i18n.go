package api

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
)

// Languages served. zh-CN is the default for anything else.
const (
	LangZH = "zh-CN"
	LangEN = "en"
)

// Lang returns the response language of a request: the lang query
// parameter if it is zh or en, otherwise the best of Accept-Language,
// otherwise zh-CN.
func Lang(r *http.Request) string {
	if l, ok := matchLang(r.URL.Query().Get("lang")); ok {
		return l
	}
	best, bestQ := LangZH, -1.0
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		if l, ok := matchLang(tag); ok && q > bestQ && q > 0 {
			best, bestQ = l, q
		}
	}
	return best
}

func matchLang(tag string) (string, bool) {
	tag = strings.ToLower(strings.TrimSpace(tag))
	switch {
	case tag == "en" || strings.HasPrefix(tag, "en-"):
		return LangEN, true
	case tag == "zh" || strings.HasPrefix(tag, "zh-"):
		return LangZH, true
	}
	return "", false
}

func langOf(c echo.Context) string { return Lang(c.Request()) }

// text is one message in both languages.
type text struct{ zh, en string }

func (t text) in(lang string, args ...any) string {
	s := t.zh
	if lang == LangEN {
		s = t.en
	}
	if len(args) > 0 {
		return fmt.Sprintf(s, args...)
	}
	return s
}

// message is the title and detail of an error code. Details may take
// fmt arguments supplied by the error.
type message struct {
	title, detail text
}

// messages is the catalogue of error codes.
var messages = map[string]message{
	"not_found":               {text{"未找到", "Not found"}, text{"资源不存在，或者您无权查看。", "The resource does not exist or you may not see it."}},
	"unknown_class_code":      {text{"没有这个班级码", "Unknown class code"}, text{"没有这个班级码，请对照登录卡再输入一次。", "No class has this code. Check your login card and type it again."}},
	"route_not_found":         {text{"未找到", "Not found"}, text{"没有这个接口：%s。", "There is no endpoint %s."}},
	"method_not_allowed":      {text{"方法不允许", "Method not allowed"}, text{"该接口不支持 %s 方法。", "This endpoint does not accept %s."}},
	"unauthenticated":         {text{"需要登录", "Authentication required"}, text{"请先登录，并在 Authorization 头中携带 Bearer 令牌。", "Log in first and send the access token as a Bearer token in the Authorization header."}},
	"invalid_credentials":     {text{"登录失败", "Login failed"}, text{"用户名、密码、班级码或 PIN 不正确。", "The username, password, class code or PIN is wrong."}},
	"token_invalid":           {text{"令牌无效", "Invalid token"}, text{"令牌无效或已被撤销，请重新登录。", "The token is invalid or was revoked; log in again."}},
	"token_expired":           {text{"令牌已过期", "Token expired"}, text{"令牌已过期，请刷新或重新登录。", "The token has expired; refresh it or log in again."}},
	"refresh_token_reused":    {text{"刷新令牌已被使用", "Refresh token reused"}, text{"这个刷新令牌已经用过，为安全起见本次登录的所有令牌均已撤销，请重新登录。", "This refresh token was already used; for safety every token of this login was revoked. Log in again."}},
	"forbidden":               {text{"没有权限", "Forbidden"}, text{"您的角色不能执行这个操作。", "Your role may not do this."}},
	"analysis_off":            {text{"分析没有打开", "Analysis is off"}, text{"走法列表、局面分析和算式检查要老师为你的班级打开“自由分析”后才能用；下棋（play）随时可以。", "Move lists, position analysis and expression checks need your teacher to switch on free analysis for your class; playing moves (play) always works."}},
	"rate_limited":            {text{"尝试次数过多", "Too many attempts"}, text{"登录失败次数太多，请 %d 分钟后再试，或请老师或学校管理员解除锁定。", "Too many failed logins; try again in %d minutes, or ask a teacher or the school administrator to lift the lock."}},
	"validation_failed":       {text{"输入有误", "Invalid input"}, text{"请修改标出的字段后重试。", "Correct the listed fields and try again."}},
	"username_taken":          {text{"用户名已被占用", "Username taken"}, text{"这个用户名已经有人使用，请换一个。", "This username is already in use; choose another."}},
	"conflict":                {text{"冲突", "Conflict"}, text{"该资源已经存在。", "The resource already exists."}},
	"school_not_empty":        {text{"学校仍有用户", "School not empty"}, text{"请先删除该学校的所有用户。", "Delete the school's users first."}},
	"attempts_exhausted":      {text{"次数已用完", "No attempts left"}, text{"这道题在作业“%s”里只能做 %d 次，你已经用完了。", "In the assignment \"%s\" this exercise allows %d attempts, and you have used them all."}},
	"lesson_locked":           {text{"这一课还没有打开", "This lesson is still locked"}, text{"在作业“%s”里，要先学好前面的一课“%s”才能做这道题。", "In the assignment \"%s\", master the lesson before it, \"%s\", first to open this exercise."}},
	"invalid_json":            {text{"JSON 格式错误", "Malformed JSON"}, text{"请求体不是合法的 JSON（第 %d 字节附近）。", "The request body is not valid JSON (near byte %d)."}},
	"unknown_field":           {text{"未知字段", "Unknown field"}, text{"请求体包含这个接口不认识的字段 %s，请检查拼写。", "The request body has a field %s that this endpoint does not know; check its spelling."}},
	"invalid_type":            {text{"类型错误", "Wrong type"}, text{"字段 %s 应该是%s。", "Field %s must be %s."}},
	"invalid_time":            {text{"时间格式错误", "Malformed time"}, text{"字段 %s 应该是 RFC 3339 格式的时间，例如 2030-09-01T08:00:00Z。", "Field %s must be an RFC 3339 time such as 2030-09-01T08:00:00Z."}},
	"invalid_cursor":          {text{"翻页游标无效", "Invalid cursor"}, text{"参数 cursor 不是这个列表给出的游标。请去掉 cursor 从第一页重新开始，或使用上一页返回的 next_cursor。", "The cursor parameter is not one this list handed out. Start again from the first page without it, or pass the next_cursor of the previous page."}},
	"empty_body":              {text{"缺少请求体", "Missing body"}, text{"这个接口需要 JSON 请求体。", "This endpoint needs a JSON request body."}},
	"invalid_parameter":       {text{"参数错误", "Invalid parameter"}, text{"参数 %s 的值无效。", "The value of the parameter %s is not valid."}},
	"limit_exceeded":          {text{"超出限制", "Limit exceeded"}, text{"输入超出了限制。", "The input goes past a limit."}},
	"not_your_turn":           {text{"还没轮到你", "Not your turn"}, text{"现在该对方走棋，请等一等。", "It is your opponent's turn; wait for their move."}},
	"game_finished":           {text{"对局已经结束", "The game is over"}, text{"这盘棋已经结束，不能再走了。%s", "This game is over; nothing more can be played. %s"}},
	"stale_ply":               {text{"步数不对", "Wrong move number"}, text{"这步棋的步数（ply）不是下一步：棋局已经变了，请先刷新再走。%s", "The move's ply is not the next one: the game has moved on, reload it and play again. %s"}},
	"ply_taken":               {text{"这一步已经走过了", "That move number is taken"}, text{"这个步数上已经记下了另一步棋。", "Another move is already stored for this ply."}},
	"illegal_move":            {text{"这步棋不合规则", "Illegal move"}, text{"%s", "%s"}},
	"malformed_move":          {text{"看不懂这步棋", "Unreadable move"}, text{"%s", "%s"}},
	"move_penalised":          {text{"扣分", "Penalty"}, text{"%s", "%s"}},
	"action_not_allowed":      {text{"现在不能这样做", "Not possible now"}, text{"%s", "%s"}},
	"live_game_changed":       {text{"棋局刚刚有了变化", "The game just changed"}, text{"就在同时棋局有了变化，您的操作没有执行，请刷新后再试。", "The game changed at the same moment and your action was not applied; reload it and try again."}},
	"websocket_required":      {text{"需要 WebSocket", "WebSocket required"}, text{"这个接口只接受 WebSocket 连接（Upgrade: websocket）。", "This endpoint takes WebSocket connections only (Upgrade: websocket)."}},
	"challenge_closed":        {text{"挑战已经结束", "The challenge is closed"}, text{"这个挑战已经被回答或取消了。", "This challenge was already answered or cancelled."}},
	"json_too_deep":           {text{"JSON 嵌套过深", "JSON nested too deep"}, text{"请求体的数组和对象最多嵌套 %d 层（在第 %d 字节处超出）。", "Arrays and objects in the body may nest at most %d deep (passed at byte %d)."}},
	"body_too_large":          {text{"请求体过大", "Body too large"}, text{"请求体不能超过 %d 字节。", "The request body may not exceed %d bytes."}},
	"cross_site_request":      {text{"不能从其他网站登录", "Cross-site request refused"}, text{"登录请求来自另一个网站，已被拒绝。请直接打开棋学的网址登录。", "This login request came from another website and was refused. Open Qixue's own address to log in."}},
	"headers_too_large":       {text{"请求头过大", "Request headers too large"}, text{"请求头合计不能超过 %d 字节，Host 头不能超过 %d 字节。", "The request headers may not exceed %d bytes in all, nor the Host header %d bytes."}},
	"unsupported_media_type":  {text{"不支持的内容类型", "Unsupported media type"}, text{"请求体必须是 application/json。", "The request body must be application/json."}},
	"too_many_heavy_requests": {text{"繁重请求过多", "Too many heavy requests"}, text{"同时进行的上传、导入、生成或分析已达上限（%d 个），请稍后再试。", "Too many uploads, imports, generations or analyses are running at once (the limit is %d); try again shortly."}},
	"work_budget_exceeded":    {text{"请求耗时过长", "Request took too long"}, text{"这个请求超过了 %d 秒的处理时限，已停止；请把文件拆小或缩小搜索范围后再试。", "This request passed its %d-second time budget and was stopped; split the file or narrow the search and try again."}},
	"service_unavailable":     {text{"服务暂不可用", "Service unavailable"}, text{"服务器暂时无法处理这个请求（数据库无法访问，或同时登录的人太多），请稍后再试。", "The server cannot handle this request right now (the database cannot be reached, or too many people are logging in at once); try again shortly."}},
	"internal":                {text{"服务器内部错误", "Internal error"}, text{"服务器出错了，请稍后再试。请求编号可帮助排查。", "Something went wrong on the server; try again later. The request ID helps to find it."}},
	"unprocessable":           {text{"无法处理", "Unprocessable"}, text{"请求无法处理。", "The request cannot be processed."}},
	"too_complex":             {text{"太复杂了", "Too complex"}, text{"这个局面或算式太复杂了，服务器在限定时间内算不完。请减少棋子或数字后再试。", "This position or expression is too complex: the server cannot work it out in the time allowed. Try fewer pieces or digits."}},

	// Roster imports.
	"roster_invalid":   {text{"无法处理", "Unprocessable"}, text{"名单文件有错误，没有导入任何数据", "the roster files have errors; nothing was imported"}},
	"roster_too_large": {text{"无法处理", "Unprocessable"}, text{"上传的文件太大", "the upload is too large"}},
	"roster_not_zip":   {text{"无法处理", "Unprocessable"}, text{"上传的文件不是有效的 zip 压缩包", "the upload is not a valid zip archive"}},

	// Tournaments.
	"tournament_changed":     {text{"比赛刚刚有了变化", "The tournament just changed"}, text{"就在同时，有人（例如另一位老师）修改了这个比赛，您的操作没有保存。请刷新后再看一看。", "Someone else (another teacher, say) changed this tournament at the same moment, so your change was not saved. Reload it and look again."}},
	"round_incomplete":       {text{"这一轮还没有下完", "The round is not finished"}, text{"第 %d 轮还有这些台次没有结果：%s。所有结果录入后才能编排下一轮。", "Round %d still has boards without a result: %s. The next round can be paired once every result is in."}},
	"rounds_complete":        {text{"所有轮次都已编排", "All rounds are paired"}, text{"计划的轮次都已经编排了，不能再编排新的一轮，也不能再报名。", "Every planned round is already paired: no further round can be paired and no one can enter any more."}},
	"no_valid_pairing":       {text{"无法编排", "No valid pairing"}, text{"按照编排规则（不重复对阵、颜色限制、每人最多轮空一次），这一轮找不到合法的对阵。可以安排有人请假轮空或退出后再试。", "Under the pairing rules (no one meets twice, colour limits, at most one bye each) this round has no valid pairing. Try again after a player asks for a bye or withdraws."}},
	"too_few_players":        {text{"选手太少", "Too few players"}, text{"这一轮至少要有两名可以上场的选手。", "At least two players must be available for this round."}},
	"nothing_to_unpair":      {text{"没有可撤销的编排", "Nothing to unpair"}, text{"这个比赛还没有编排任何一轮。", "No round of this tournament is paired yet."}},
	"results_entered":        {text{"已经有结果了", "Results are in"}, text{"第 %d 轮第 %d 台已经录入了结果，所以这一轮的编排不能撤销。", "Board %[2]d of round %[1]d already has its result, so the round cannot be unpaired."}},
	"result_already_entered": {text{"结果已经录入", "Result already entered"}, text{"这盘棋的结果已经录入了。如果有错，请告诉老师修改。", "The result of this game is already entered. If it is wrong, ask your teacher to correct it."}},
	"results_disagree":       {text{"结果不一致", "Results disagree"}, text{"你的对手报告的结果是 %s，和你报告的不一样。请一起去找老师确认。", "Your opponent reported %s, which is not what you reported. Go to your teacher together to settle it."}},
	"round_robin_started":    {text{"循环赛已经开始", "The round robin has started"}, text{"循环赛开始以后不能再加人，因为对阵表是按人数排好的。", "A round robin takes no new players once it has started: its table is made for the number of players."}},
	"trf_invalid":            {text{"TRF 文件有错", "The TRF file has an error"}, text{"TRF 文件%s有错：%s", "The TRF file has an error at %s: %s"}},
	"trf_unknown_player":     {text{"找不到对应的学生", "No matching student"}, text{"TRF 文件里的 %d 号选手“%s”在所选班级里找不到唯一对应的学生。请检查姓名，或在 players 里指定这名选手是哪位学生。", "Player %d, “%s”, of the TRF file matches no single student of the chosen classes. Check the name, or say in players which student this is."}},
	"round_not_paired":       {text{"这一轮还没有编排", "Round not paired"}, text{"第 %d 轮还没有编排。", "Round %d is not paired yet."}},

	// Game archive.
	"no_games":               {text{"文件里没有棋谱", "No game in the file"}, text{"上传的文件里找不到一盘棋。请检查选的棋种和文件格式（PGN、PDN 或着法列表）。", "The uploaded file holds no game. Check the game chosen and the file's format (PGN, PDN or a move list)."}},
	"game_already_confirmed": {text{"这盘棋已经确认过了", "Already confirmed"}, text{"这盘棋已经确认过了，不用再确认。", "This game is already confirmed."}},
	"own_submission":         {text{"不能确认自己上传的棋", "You submitted this game"}, text{"自己上传的棋要由对手或老师来确认。", "A game you submitted is confirmed by your opponent or a teacher."}},
	"duplicate":              {text{"棋谱库里已经有这盘棋", "Already in the archive"}, text{"这样修改以后，它和棋谱库里的另一盘棋一样了（棋手、日期和着法都相同）。", "After this change it would be the same game as another one in the archive (same players, date and moves)."}},

	// Knockouts and arenas.
	"tournament_started": {text{"比赛已经开始", "The tournament has started"}, text{"淘汰赛和擂台赛开始以后不能退出（请把这盘棋记为弃权），淘汰赛也不能再加人。", "Once a knockout or arena has started no one can withdraw (enter a forfeit for the game instead), and a knockout takes no new players."}},
	"decision_needed":    {text{"需要老师决定", "The teacher must decide"}, text{"第 %d 轮第 %d 台是和棋，按这个比赛的规则要由老师决定谁晋级。请先录入老师的决定，再编排下一轮。", "Board %[2]d of round %[1]d was drawn, and under this tournament's rule the teacher decides who goes on. Enter the decision, then pair the next round."}},
	"bracket_changed":    {text{"会改变已编排的对阵", "This would change games already paired"}, text{"改了这个结果，后面已经编排的对局就不对了（晋级的人会变）。请先撤销后面的轮次，再修改。", "With this result the games already paired after it would be wrong (someone else goes on). Unpair the later rounds first, then correct it."}},

	// Login badges.
	"badge_invalid": {text{"这张登录卡不能用了", "This badge does not work"}, text{"这张登录卡的二维码已经失效（可能换了新卡），请找老师要一张新的，或者用班级码和 PIN 登录。", "The QR code of this badge no longer works (a new one may have been printed). Ask your teacher for a new one, or log in with the class code and PIN."}},

	// Live lessons.
	"not_in_class":            {text{"不是这个班的学生", "Not a student of this class"}, text{"这节课是别的班级的，你不能在这里答题。", "This live lesson belongs to another class: you cannot answer in it."}},
	"lesson_item_not_open":    {text{"这道题没有打开", "This item is not open"}, text{"老师现在展示的不是这道题，请回答屏幕上的题目。", "The teacher is not showing this item now: answer the one on the screen."}},
	"lesson_item_closed":      {text{"这道题已经停止作答", "This item is closed"}, text{"这道题已经公布答案或者时间到了，不能再交答案。", "The answer to this item has been shown or its time ran out: no more answers are taken."}},
	"lesson_already_answered": {text{"已经回答过了", "Already answered"}, text{"这道题你已经交过答案了，每道题只能答一次。", "You have already answered this item: each item takes one answer."}},
	"lesson_ended":            {text{"这节课已经结束", "The lesson has ended"}, text{"这节课已经结束，不能再打开题目或者交答案。", "This live lesson has ended: items can no longer be opened or answered."}},
	"lesson_nothing_open":     {text{"还没有打开题目", "No item is open"}, text{"请先打开一道题，再公布答案。", "Open an item first, then reveal its answer."}},
	"lesson_hints_off":        {text{"这节课不能看提示", "No hints in this lesson"}, text{"老师设置了这节课不能看提示。", "The teacher has turned hints off for this lesson."}},

	// Enrollment by a teacher of another teacher's student.
	"enrollment_needs_school_admin": {text{"需要学校管理员", "A school admin must do this"}, text{"这名学生已经在其他老师的班级里，只有学校管理员可以把他加入您的班级。", "This student is already in another teacher's class; only a school admin can add them to yours."}},
}

// fieldMessages explains per-field error codes.
var fieldMessages = map[string]text{
	"required":          {"必填", "is required"},
	"too_long":          {"太长", "is too long"},
	"too_short":         {"太短", "is too short"},
	"invalid":           {"格式不正确", "is not valid"},
	"out_of_range":      {"超出范围", "is out of range"},
	"not_found":         {"不存在", "does not exist"},
	"not_a_teacher":     {"必须是本校教师", "must name teachers of the school"},
	"not_a_student":     {"必须是学生", "must be a student"},
	"not_enrollable":    {"只有教师和学生可以加入班级", "only teachers and students can join a class"},
	"not_allowed":       {"不允许填写", "is not allowed"},
	"too_many":          {"数量太多", "has too many entries"},
	"too_many_open":     {"还没结束的太多了", "has too many still open"},
	"stale":             {"这一步已经走过了，棋局已经往下走了", "is behind the game: that move number is already played"},
	"ahead":             {"还没轮到这一步", "is ahead of the game: the moves before it are not played yet"},
	"taken":             {"这一步已经记下了另一步棋", "already holds another move"},
	"self":              {"不能对自己执行", "cannot be yourself"},
	"incorrect":         {"不正确", "is incorrect"},
	"unchanged":         {"不能与原密码相同", "must differ from the current password"},
	"unknown_field":     {"是未知字段", "is not a known field"},
	"invalid_type":      {"类型错误", "has the wrong type"},
	"invalid_time":      {"应该是 RFC 3339 格式的时间，例如 2030-09-01T08:00:00Z", "must be an RFC 3339 time such as 2030-09-01T08:00:00Z"},
	"control_character": {"含有不可见的控制字符，请删除", "contains an invisible control character; remove it"},
	"bidi_control":      {"含有改变文字方向的不可见字符，请删除", "contains an invisible character that changes the text direction; remove it"},
	"before_opens_at":   {"截止时间必须晚于开放时间 opens_at", "must be later than opens_at"},
	"invalid_cursor":    {"不是这个列表给出的游标", "is not a cursor this list handed out"},
	"no_generator":      {"这个题型还没有出题器", "has no generator yet"},
	"exhausted":         {"超出了这个年级段能生成的新题数量", "asks for more fresh exercises than can be generated for this band"},
	"too_complex":       {"太复杂，服务器在限定时间内算不完", "is too complex to work out in the time allowed"},

	"not_taught":      {"必须是您任教的班级", "must be classes you teach"},
	"not_in_classes":  {"必须是比赛所属班级的学生", "must be students of the tournament's classes"},
	"already_entered": {"已经报名了", "is already entered"},
	"withdrawn":       {"这名选手已经退出比赛", "has withdrawn from the tournament"},
	"bye":             {"这是轮空，没有对局结果", "is the bye: it has no game to score"},
	"not_yours":       {"不是你的对局", "is not your game"},
	"unsupported":     {"用到了本系统还不支持的内容（加速、禁止对阵或其他计分方法）", "uses what this service does not support yet (acceleration, forbidden pairs or another point system)"},
	"unknown_player":  {"有选手找不到对应的学生", "has a player who matches no student"},

	"single_game_only":     {"只能用于只有一盘棋的文件", "can only be given for a file of one game"},
	"players_differ":       {"这一台的棋手和棋谱里的不一样", "has other players than the game"},
	"same_player":          {"黑白双方不能是同一个学生", "cannot be the same student as the other side"},
	"too_many_games":       {"文件里的棋太多了", "holds too many games"},
	"linked_to_tournament": {"这盘棋登记在比赛的一台上，不能换棋手", "cannot change: the game is linked to a tournament board"},

	"not_knockout":       {"只有淘汰赛才需要老师决定谁晋级", "applies only to a knockout"},
	"not_arena":          {"只有擂台赛才有排队顺序", "applies only to an arena"},
	"not_current":        {"只能决定当前这一轮的对局", "must be the current round"},
	"no_decision_needed": {"这盘棋不需要老师决定（不是和棋，或按规则会加赛）", "needs no decision (it was not drawn, or the rule plays it again)"},
	"not_waiting":        {"必须正好是还在排队等待上台的全部选手", "must be exactly the challengers still waiting in the queue"},
	"not_numchess":       {"只有数棋比赛可以用棋谱或局面录入结果", "applies only to number chess: enter the result instead"},

	"not_in_team":     {"必须是这个队报名的队员", "must be players registered for this team"},
	"no_team_matches": {"队员总分制没有队与队的对局，按个人比赛计算", "does not apply: a member-total event has no team matches, its individual tournament is played"},
	"lineup_size":     {"出场人数必须等于台数", "must name as many players as there are boards"},
	"lineup_player":   {"有队员不属于这个队，或者重复出现", "names a player who is not in the team, or one twice"},
	"lineup_order":    {"分台换人制：上场队员要按报名顺序排台次", "must keep the registered order (分台换人制: players may change, their order may not)"},
	"lineup_fixed":    {"分台定人制：每轮都按报名的台次出场，不能换人", "must be the registered boards (分台定人制: nobody is changed)"},
	"team_too_small":  {"队员人数不够台数", "has fewer players than boards"},
	"not_entered":     {"有队员没有参加这个个人比赛", "does not have every team player among its entrants"},

	"taught_elsewhere": {"这名学生在其他老师的班级里", "is a student in another teacher's class"},

	"deactivated": {"这名学生已停用", "is a deactivated student"},
}

// jsonTypes names the JSON types in both languages, for invalid_type.
var jsonTypes = map[string]text{
	"string":  {"字符串", "a string"},
	"integer": {"整数", "an integer"},
	"number":  {"数字", "a number"},
	"boolean": {"布尔值（true 或 false）", "a boolean (true or false)"},
	"object":  {"对象（{...}）", "an object ({...})"},
	"array":   {"数组（[...]）", "an array ([...])"},
}

// jsonType returns the localizable name of a JSON type.
func jsonType(name string) text {
	if t, ok := jsonTypes[name]; ok {
		return t
	}
	return text{name, name}
}

func fieldMessage(code, lang string) string {
	if t, ok := fieldMessages[code]; ok {
		return t.in(lang)
	}
	return fieldMessages["invalid"].in(lang)
}
