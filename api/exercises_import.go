package api

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"qixue/domain"
	"qixue/exercises"
)

// importResponse is the report of POST /v1/exercises/import.
type importResponse struct {
	Imported int                 `json:"imported"`
	DryRun   bool                `json:"dry_run"`
	Refused  []importRefusalJSON `json:"refused"`
}

type importRefusalJSON struct {
	Line     int    `json:"line"`
	PuzzleID string `json:"puzzle_id,omitempty"`
	Code     string `json:"code"`
	Reason   string `json:"reason"`
}

func toImportResponse(rep exercises.LichessReport, dryRun bool, lang string) importResponse {
	out := importResponse{Imported: rep.Imported, DryRun: dryRun, Refused: []importRefusalJSON{}}
	for _, r := range rep.Refused {
		out.Refused = append(out.Refused, importRefusalJSON{Line: r.Line, PuzzleID: r.PuzzleID, Code: r.Code, Reason: r.Reason.In(lang)})
	}
	return out
}

// importExercises stores the puzzles of an uploaded Lichess puzzle CSV
// (multipart field "file", format=lichess-csv) as the school's exercises:
// 201 with the report, or 200 for dry_run=true (nothing stored).
func (h *exerciseHandlers) importExercises(c echo.Context) error {
	dryRun, err := boolQuery(c, "dry_run")
	if err != nil {
		return err
	}
	if v := c.QueryParam("format"); v != "lichess-csv" {
		return queryError("format")
	}
	fh, err := c.FormFile("file")
	if err != nil {
		var mbe *http.MaxBytesError
		var he *echo.HTTPError
		switch {
		case errors.As(err, &mbe):
			return &Error{Status: http.StatusRequestEntityTooLarge, Code: "body_too_large", Args: []any{MaxBodyBytes}}
		case errors.As(err, &he):
			return err // the body limit, already a 413
		}
		return &Error{Status: http.StatusUnprocessableEntity, Code: "validation_failed",
			Fields: []domain.FieldError{{Field: "file", Code: "required"}}}
	}
	f, err := fh.Open()
	if err != nil {
		return err
	}
	defer f.Close()
	rep, err := h.svc.ImportLichess(c.Request().Context(), Caller(c), c.QueryParam("school_id"), f, dryRun)
	if err != nil {
		return exerciseError(err)
	}
	status := http.StatusCreated
	if dryRun {
		status = http.StatusOK
	}
	return c.JSON(status, toImportResponse(rep, dryRun, langOf(c)))
}
