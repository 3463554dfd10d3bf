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
	"not_found":              {text{"未找到", "Not found"}, text{"资源不存在，或者您无权查看。", "The resource does not exist or you may not see it."}},
	"unknown_class_code":     {text{"没有这个班级码", "Unknown class code"}, text{"没有这个班级码，请对照登录卡再输入一次。", "No class has this code. Check your login card and type it again."}},
	"route_not_found":        {text{"未找到", "Not found"}, text{"没有这个接口：%s。", "There is no endpoint %s."}},
	"method_not_allowed":     {text{"方法不允许", "Method not allowed"}, text{"该接口不支持 %s 方法。", "This endpoint does not accept %s."}},
	"unauthenticated":        {text{"需要登录", "Authentication required"}, text{"请先登录，并在 Authorization 头中携带 Bearer 令牌。", "Log in first and send the access token as a Bearer token in the Authorization header."}},
	"invalid_credentials":    {text{"登录失败", "Login failed"}, text{"用户名、密码、班级码或 PIN 不正确。", "The username, password, class code or PIN is wrong."}},
	"token_invalid":          {text{"令牌无效", "Invalid token"}, text{"令牌无效或已被撤销，请重新登录。", "The token is invalid or was revoked; log in again."}},
	"token_expired":          {text{"令牌已过期", "Token expired"}, text{"令牌已过期，请刷新或重新登录。", "The token has expired; refresh it or log in again."}},
	"refresh_token_reused":   {text{"刷新令牌已被使用", "Refresh token reused"}, text{"这个刷新令牌已经用过，为安全起见本次登录的所有令牌均已撤销，请重新登录。", "This refresh token was already used; for safety every token of this login was revoked. Log in again."}},
	"forbidden":              {text{"没有权限", "Forbidden"}, text{"您的角色不能执行这个操作。", "Your role may not do this."}},
	"analysis_off":           {text{"分析没有打开", "Analysis is off"}, text{"走法列表、局面分析和算式检查要老师为你的班级打开“自由分析”后才能用；下棋（play）随时可以。", "Move lists, position analysis and expression checks need your teacher to switch on free analysis for your class; playing moves (play) always works."}},
	"rate_limited":           {text{"尝试次数过多", "Too many attempts"}, text{"登录失败次数太多，请 %d 分钟后再试，或请老师或学校管理员解除锁定。", "Too many failed logins; try again in %d minutes, or ask a teacher or the school administrator to lift the lock."}},
	"validation_failed":      {text{"输入有误", "Invalid input"}, text{"请修改标出的字段后重试。", "Correct the listed fields and try again."}},
	"username_taken":         {text{"用户名已被占用", "Username taken"}, text{"这个用户名已经有人使用，请换一个。", "This username is already in use; choose another."}},
	"conflict":               {text{"冲突", "Conflict"}, text{"该资源已经存在。", "The resource already exists."}},
	"school_not_empty":       {text{"学校仍有用户", "School not empty"}, text{"请先删除该学校的所有用户。", "Delete the school's users first."}},
	"attempts_exhausted":     {text{"次数已用完", "No attempts left"}, text{"这道题在作业“%s”里只能做 %d 次，你已经用完了。", "In the assignment \"%s\" this exercise allows %d attempts, and you have used them all."}},
	"invalid_json":           {text{"JSON 格式错误", "Malformed JSON"}, text{"请求体不是合法的 JSON（第 %d 字节附近）。", "The request body is not valid JSON (near byte %d)."}},
	"unknown_field":          {text{"未知字段", "Unknown field"}, text{"请求体包含这个接口不认识的字段 %s，请检查拼写。", "The request body has a field %s that this endpoint does not know; check its spelling."}},
	"invalid_type":           {text{"类型错误", "Wrong type"}, text{"字段 %s 应该是%s。", "Field %s must be %s."}},
	"invalid_time":           {text{"时间格式错误", "Malformed time"}, text{"字段 %s 应该是 RFC 3339 格式的时间，例如 2030-09-01T08:00:00Z。", "Field %s must be an RFC 3339 time such as 2030-09-01T08:00:00Z."}},
	"invalid_cursor":         {text{"翻页游标无效", "Invalid cursor"}, text{"参数 cursor 不是这个列表给出的游标。请去掉 cursor 从第一页重新开始，或使用上一页返回的 next_cursor。", "The cursor parameter is not one this list handed out. Start again from the first page without it, or pass the next_cursor of the previous page."}},
	"empty_body":             {text{"缺少请求体", "Missing body"}, text{"这个接口需要 JSON 请求体。", "This endpoint needs a JSON request body."}},
	"invalid_parameter":      {text{"参数错误", "Invalid parameter"}, text{"参数 %s 的值无效。", "The value of the parameter %s is not valid."}},
	"body_too_large":         {text{"请求体过大", "Body too large"}, text{"请求体不能超过 %d 字节。", "The request body may not exceed %d bytes."}},
	"unsupported_media_type": {text{"不支持的内容类型", "Unsupported media type"}, text{"请求体必须是 application/json。", "The request body must be application/json."}},
	"service_unavailable":    {text{"服务暂不可用", "Service unavailable"}, text{"服务器暂时无法处理这个请求（数据库无法访问，或同时登录的人太多），请稍后再试。", "The server cannot handle this request right now (the database cannot be reached, or too many people are logging in at once); try again shortly."}},
	"internal":               {text{"服务器内部错误", "Internal error"}, text{"服务器出错了，请稍后再试。请求编号可帮助排查。", "Something went wrong on the server; try again later. The request ID helps to find it."}},
	"unprocessable":          {text{"无法处理", "Unprocessable"}, text{"请求无法处理。", "The request cannot be processed."}},
	"too_complex":            {text{"太复杂了", "Too complex"}, text{"这个局面或算式太复杂了，服务器在限定时间内算不完。请减少棋子或数字后再试。", "This position or expression is too complex: the server cannot work it out in the time allowed. Try fewer pieces or digits."}},

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

	"taught_elsewhere": {"这名学生在其他老师的班级里", "is a student in another teacher's class"},
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
