package exercises

import (
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"

	"qixue/domain"
)

// Errors of the strict decoders (unmarshalStrict, ncDecode) besides the
// encoding/json ones.
var (
	errEmptyDocument = errors.New("empty document")
	errTrailingData  = errors.New("unexpected data after the JSON document")
)

// describeJSON explains a decoding error of an answer, prompt or solution
// document for people, in both languages, without Go's words ("json:",
// type names): it returns the JSON path of the value at fault inside the
// document ("" for the whole document) and the explanation.
func describeJSON(err error) (string, domain.Text) {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var perr *time.ParseError
	switch {
	case errors.Is(err, errEmptyDocument):
		return "", domain.Text{ZH: "内容是空的", EN: "it is empty"}
	case errors.Is(err, errTrailingData):
		return "", domain.Text{ZH: "在 JSON 之后还有多余的内容", EN: "there is more after the JSON document"}
	case errors.As(err, &syn), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "", domain.Text{ZH: "不是合法的 JSON", EN: "it is not valid JSON"}
	case errors.As(err, &typ):
		want := jsonKindName(typ.Type.Kind().String())
		if typ.Field == "" {
			return "", domain.Text{ZH: "应该是" + want.ZH, EN: "it must be " + want.EN}
		}
		return typ.Field, domain.Text{ZH: typ.Field + " 应该是" + want.ZH, EN: typ.Field + " must be " + want.EN}
	case errors.As(err, &perr):
		return "", domain.Text{ZH: "时间应该是 RFC 3339 格式", EN: "a time must be in RFC 3339 form"}
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		if n, uerr := strconv.Unquote(name); uerr == nil {
			name = n
		}
		return name, domain.Text{ZH: "没有 " + name + " 这一项，请检查拼写", EN: "there is no field " + name + "; check its spelling"}
	}
	return "", domain.Text{ZH: "格式不对", EN: "it is not in the expected form"}
}

// jsonKindName names a Go kind as the JSON value a person would write.
func jsonKindName(kind string) domain.Text {
	switch kind {
	case "string":
		return domain.Text{ZH: "字符串", EN: "a string"}
	case "bool":
		return domain.Text{ZH: "true 或 false", EN: "true or false"}
	case "slice", "array":
		return domain.Text{ZH: "数组（[...]）", EN: "an array ([...])"}
	case "map", "struct":
		return domain.Text{ZH: "对象（{...}）", EN: "an object ({...})"}
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return domain.Text{ZH: "整数", EN: "an integer"}
	case "float32", "float64":
		return domain.Text{ZH: "数字", EN: "a number"}
	}
	return domain.Text{ZH: "别的类型", EN: "another type"}
}

// jsonProblem is describeJSON's explanation after a prefix in each
// language, with the path.
func jsonProblem(err error, zh, en string) (string, domain.Text) {
	field, why := describeJSON(err)
	return field, domain.Text{ZH: zh + why.ZH, EN: en + why.EN}
}
