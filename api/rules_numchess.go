package api

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"qixue/domain"
	"qixue/rules/numchess/arith"
)

// The number-chess side of the rules endpoints: expression checks and
// solving, the ruleset a caller plays under, and the deadline that bounds
// the engine's work.

type checkExpressionRequest struct {
	Expression string `json:"expression"`
	Digits     []int  `json:"digits"`
	Target     *int64 `json:"target"`
	Ruleset    string `json:"ruleset"`
	// Solve asks for the simplest expression (staff only).
	Solve bool `json:"solve"`
}

type checkExpressionResponse struct {
	Valid    bool   `json:"valid"`
	Ruleset  string `json:"ruleset"`
	Code     string `json:"code,omitempty"`
	Message  string `json:"message,omitempty"`
	Solvable *bool  `json:"solvable,omitempty"`
	Solution string `json:"solution,omitempty"`
}

// numchessDeadline bounds the work of one number-chess request (legal
// moves, the move count, the expression solver): a fresh engine on a
// position packed with long lines, or the solver over a dozen digits, can
// otherwise run for many seconds. Past it the request is a 422
// too_complex naming the field at fault.
const numchessDeadline = 2 * time.Second

// tooComplex is a computation that gave up at its deadline (or when the
// client went away): a 422 too_complex naming the request field whose
// size made it long (position, digits).
type tooComplex struct {
	field string
	err   error
}

func (e tooComplex) Error() string { return "too complex (" + e.field + "): " + e.err.Error() }
func (e tooComplex) Unwrap() error { return e.err }
func (e tooComplex) Code() string  { return "too_complex" }
func (e tooComplex) Fields() []domain.FieldError {
	return []domain.FieldError{{Field: e.field, Code: "too_complex"}}
}

func (h *rulesHandlers) checkExpression(c echo.Context) error {
	var req checkExpressionRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	if err := h.mayAnalyse(c); err != nil {
		return err
	}
	if req.Solve {
		if err := staffOnly(c); err != nil {
			return err
		}
	}
	var fields []domain.FieldError
	if req.Target == nil {
		fields = append(fields, domain.FieldError{Field: "target", Code: "required"})
	}
	if len(req.Digits) == 0 || len(req.Digits) > arith.MaxOperands {
		fields = append(fields, domain.FieldError{Field: "digits", Code: "out_of_range"})
	}
	for i, d := range req.Digits {
		if d < 0 || d > 9 {
			fields = append(fields, domain.FieldError{Field: "digits[" + strconv.Itoa(i) + "]", Code: "out_of_range"})
		}
	}
	if req.Expression == "" && !req.Solve {
		fields = append(fields, domain.FieldError{Field: "expression", Code: "required"})
	}
	if len(fields) > 0 {
		return domain.Validation(fields...)
	}
	name, err := h.rulesetName(c, req.Ruleset)
	if err != nil {
		return err
	}
	rules, _ := arith.RulesByName(name)
	target := arith.Int(*req.Target)
	res := checkExpressionResponse{Ruleset: name}
	if req.Expression != "" {
		e, err := arith.Parse(req.Expression)
		if err != nil {
			return refusal("expression", -1, err)
		}
		err = arith.Check(e, req.Digits, target, rules)
		res.Valid = err == nil
		var l interface {
			Code() string
			Message(lang string) string
		}
		if err != nil {
			if !errors.As(err, &l) {
				return err
			}
			res.Code, res.Message = l.Code(), l.Message(langOf(c))
		}
	}
	if req.Solve {
		ctx, cancel := rulesContext(c)
		defer cancel()
		w, ok, err := arith.NewSolver(rules).SolveContext(ctx, req.Digits, target)
		if err != nil {
			return tooComplex{field: "digits", err: err}
		}
		res.Solvable = &ok
		if ok {
			res.Solution = w.String()
		}
	}
	return c.JSON(http.StatusOK, res)
}

// rulesetName returns the number-chess ruleset of a request: a student's
// class band (whatever they asked), otherwise the requested one (default
// G46).
func (h *rulesHandlers) rulesetName(c echo.Context, requested string) (string, error) {
	p := Caller(c)
	if p.Role == domain.RoleStudent && h.band != nil {
		b, ok, err := h.band(c.Request().Context(), p)
		if err != nil {
			return "", err
		}
		if ok {
			return string(b), nil
		}
	}
	if requested == "" {
		return "G46", nil
	}
	if _, ok := arith.RulesByName(requested); !ok {
		return "", domain.Invalid("ruleset", "invalid")
	}
	return strings.ToUpper(requested), nil
}
