package api

import (
	"time"

	"qixue/roster"
)

// rosterCounts is what an import changed for one entity.
type rosterCounts struct {
	Created     int `json:"created"`
	Updated     int `json:"updated"`
	Deactivated int `json:"deactivated"`
	Unchanged   int `json:"unchanged"`
}

// rosterSummary is what an import changed (or would change, for a dry run).
type rosterSummary struct {
	Schools     rosterCounts `json:"schools"`
	Users       rosterCounts `json:"users"`
	Classes     rosterCounts `json:"classes"`
	Enrollments rosterCounts `json:"enrollments"`
}

// rosterProblem is one error in the uploaded files.
type rosterProblem struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column string `json:"column"`
	Code   string `json:"code"`
	Reason string `json:"reason"`
	Value  string `json:"value"`
}

// rosterJobResponse is an import job.
type rosterJobResponse struct {
	ID         string          `json:"id"`
	Status     string          `json:"status"`
	Stage      string          `json:"stage"`
	Progress   int             `json:"progress"`
	DryRun     bool            `json:"dry_run"`
	Filename   string          `json:"filename"`
	Size       int64           `json:"size"`
	Summary    rosterSummary   `json:"summary"`
	Warnings   []string        `json:"warnings"`
	Errors     []rosterProblem `json:"errors"`
	MoreErrors int             `json:"more_errors"`
	ErrorCode  string          `json:"error_code,omitempty"`
	CreatedAt  time.Time       `json:"created_at"`
	StartedAt  *time.Time      `json:"started_at,omitempty"`
	FinishedAt *time.Time      `json:"finished_at,omitempty"`
}

func toRosterCounts(c roster.Counts) rosterCounts {
	return rosterCounts{Created: c.Created, Updated: c.Updated, Deactivated: c.Deactivated, Unchanged: c.Unchanged}
}

func optionalTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func toRosterJobResponse(j roster.Job, lang string) rosterJobResponse {
	s := j.Summary
	r := rosterJobResponse{ID: j.ID, Status: string(j.Status), Stage: j.Stage, Progress: j.Progress, DryRun: j.DryRun,
		Filename: j.Filename, Size: j.Size, ErrorCode: j.ErrorCode, CreatedAt: j.CreatedAt,
		StartedAt: optionalTime(j.StartedAt), FinishedAt: optionalTime(j.FinishedAt),
		Summary: rosterSummary{Schools: toRosterCounts(s.Schools), Users: toRosterCounts(s.Users),
			Classes: toRosterCounts(s.Classes), Enrollments: toRosterCounts(s.Enrollments)},
		Warnings: append([]string{}, j.Warnings...), Errors: make([]rosterProblem, len(j.Problems)), MoreErrors: j.MoreProblems}
	for i, p := range j.Problems {
		r.Errors[i] = rosterProblem{File: p.File, Line: p.Line, Column: p.Column, Code: p.Code, Reason: p.Reason(lang), Value: p.Value}
	}
	return r
}
