package api

import (
	"time"

	"qixue/domain"
	"qixue/identity"
)

// Request bodies of the identity routes.

type loginRequest struct {
	Username  string `json:"username"`
	Password  string `json:"password"`
	ClassCode string `json:"class_code"`
	PIN       string `json:"pin"`
}

type classNamesRequest struct {
	ClassCode string `json:"class_code"`
}

// classNamesResponse is a class's login list: first names only.
type classNamesResponse struct {
	ClassName string              `json:"class_name"`
	NameList  bool                `json:"name_list"`
	Students  []studentNameResult `json:"students"`
}

type studentNameResult struct {
	Username  string `json:"username"`
	FirstName string `json:"first_name"`
}

func toClassNamesResponse(n identity.ClassNames) classNamesResponse {
	out := classNamesResponse{ClassName: n.ClassName, NameList: !n.Hidden, Students: make([]studentNameResult, 0, len(n.Students))}
	for _, s := range n.Students {
		out.Students = append(out.Students, studentNameResult{Username: s.Username, FirstName: s.FirstName})
	}
	return out
}

type refreshRequest struct {
	RefreshToken string `json:"refresh_token"`
}

// changePasswordRequest changes the caller's own password.
type changePasswordRequest struct {
	CurrentPassword string `json:"current_password"`
	NewPassword     string `json:"new_password"`
}

type schoolRequest struct {
	Name string `json:"name"`
}

type createUserRequest struct {
	SchoolID  string `json:"school_id"`
	Role      string `json:"role"`
	Username  string `json:"username"`
	RealName  string `json:"real_name"`
	GivenName string `json:"given_name"`
	Email     string `json:"email"`
	Password  string `json:"password"`
}

type updateUserRequest struct {
	RealName  *string `json:"real_name"`
	GivenName *string `json:"given_name"`
	Nickname  *string `json:"nickname"`
	Email     *string `json:"email"`
	Role      *string `json:"role"`
	Active    *bool   `json:"active"`
}

type passwordRequest struct {
	Password string `json:"password"`
}

type createClassRequest struct {
	SchoolID   string   `json:"school_id"`
	Name       string   `json:"name"`
	Grade      *int     `json:"grade"`
	TeacherIDs []string `json:"teacher_ids"`
}

type updateClassRequest struct {
	Name         *string `json:"name"`
	Grade        *int    `json:"grade"`
	NewLoginCode bool    `json:"new_login_code"`
	Active       *bool   `json:"active"`
	FreeAnalysis *bool   `json:"free_analysis"`
	NameList     *bool   `json:"name_list"`
	Review       *bool   `json:"review"`
}

type enrollRequest struct {
	UserID string `json:"user_id"`
}

type bulkStudentsRequest struct {
	Students []struct {
		RealName  string `json:"real_name"`
		GivenName string `json:"given_name"`
		Nickname  string `json:"nickname"`
	} `json:"students"`
}

// Response bodies of the identity routes.

type sessionResponse struct {
	AccessToken  string       `json:"access_token"`
	TokenType    string       `json:"token_type"`
	ExpiresIn    int          `json:"expires_in"`
	RefreshToken string       `json:"refresh_token"`
	User         userResponse `json:"user"`
}

func toSessionResponse(s identity.Session) sessionResponse {
	return sessionResponse{AccessToken: s.AccessToken, TokenType: "Bearer", ExpiresIn: int(s.ExpiresIn.Seconds()),
		RefreshToken: s.RefreshToken, User: toUserResponse(s.User)}
}

type schoolResponse struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

func toSchoolResponse(s identity.School) schoolResponse {
	return schoolResponse{ID: s.ID, Name: s.Name, CreatedAt: s.CreatedAt, UpdatedAt: s.UpdatedAt}
}

// rosterState is what the caller may see of a row's roster state: admins
// see all of it, teachers only whether their students are active, others
// nothing (every field omitted).
type rosterState struct {
	Active        *bool      `json:"active,omitempty"`
	DeactivatedAt *time.Time `json:"deactivated_at,omitempty"`
	SourcedID     string     `json:"sourced_id,omitempty"`
}

// fullRosterState is the whole roster state of a row.
func fullRosterState(deactivatedAt time.Time, sourcedID string) rosterState {
	active := deactivatedAt.IsZero()
	st := rosterState{Active: &active, SourcedID: sourcedID}
	if !active {
		st.DeactivatedAt = &deactivatedAt
	}
	return st
}

// isAdmin reports whether p sees the whole roster state of what it reads.
func isAdmin(p domain.Principal) bool {
	return p.Role == domain.RolePlatformAdmin || p.Role == domain.RoleSchoolAdmin
}

// userRosterState is what p sees of u's roster state.
func userRosterState(p domain.Principal, u identity.User) rosterState {
	switch {
	case isAdmin(p):
		return fullRosterState(u.DeactivatedAt, u.SourcedID)
	case p.Role == domain.RoleTeacher && u.Role == domain.RoleStudent:
		active := u.Active()
		return rosterState{Active: &active}
	}
	return rosterState{}
}

type userResponse struct {
	ID          string    `json:"id"`
	SchoolID    string    `json:"school_id,omitempty"`
	Role        string    `json:"role"`
	Username    string    `json:"username"`
	RealName    string    `json:"real_name"`
	GivenName   string    `json:"given_name"`
	Nickname    string    `json:"nickname"`
	ShownName   string    `json:"shown_name"`
	Email       string    `json:"email,omitempty"`
	HasPassword bool      `json:"has_password"`
	HasPIN      bool      `json:"has_pin"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
	rosterState
}

// toUserResponseFor converts u with the roster state p may see.
func toUserResponseFor(p domain.Principal) func(identity.User) userResponse {
	return func(u identity.User) userResponse {
		r := toUserResponse(u)
		r.rosterState = userRosterState(p, u)
		return r
	}
}

// toUserResponse converts u without its roster state.
func toUserResponse(u identity.User) userResponse {
	return userResponse{ID: u.ID, SchoolID: u.SchoolID, Role: string(u.Role), Username: u.Username, RealName: u.RealName,
		GivenName: u.GivenName, Nickname: u.Nickname, ShownName: u.Shown(), Email: u.Email, HasPassword: u.PasswordHash != "", HasPIN: u.PINHash != "", CreatedAt: u.CreatedAt, UpdatedAt: u.UpdatedAt}
}

type classResponse struct {
	ID           string    `json:"id"`
	SchoolID     string    `json:"school_id"`
	Name         string    `json:"name"`
	Grade        int       `json:"grade"`
	LoginCode    string    `json:"login_code"`
	FreeAnalysis bool      `json:"free_analysis"`
	NameList     bool      `json:"name_list"`
	Review       bool      `json:"review"`
	CreatedAt    time.Time `json:"created_at"`
	UpdatedAt    time.Time `json:"updated_at"`
	rosterState
}

// toClassResponseFor converts c with the roster state p may see (admins
// only).
func toClassResponseFor(p domain.Principal) func(identity.Class) classResponse {
	return func(c identity.Class) classResponse {
		r := toClassResponse(c)
		if isAdmin(p) {
			r.rosterState = fullRosterState(c.DeactivatedAt, c.SourcedID)
		}
		return r
	}
}

// toClassResponse converts c without its roster state.
func toClassResponse(c identity.Class) classResponse {
	return classResponse{ID: c.ID, SchoolID: c.SchoolID, Name: c.Name, Grade: c.Grade.Int(), LoginCode: c.LoginCode,
		FreeAnalysis: c.FreeAnalysis, NameList: !c.HideNames, Review: !c.ReviewOff, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt}
}

type enrollmentResponse struct {
	ClassID   string    `json:"class_id"`
	UserID    string    `json:"user_id"`
	Role      string    `json:"role"`
	CreatedAt time.Time `json:"created_at"`
	rosterState
}

// toEnrollmentResponseFor converts e with the roster state p may see:
// all of it for admins, whether it is active for teachers.
func toEnrollmentResponseFor(p domain.Principal) func(identity.Enrollment) enrollmentResponse {
	return func(e identity.Enrollment) enrollmentResponse {
		r := toEnrollmentResponse(e)
		switch {
		case isAdmin(p):
			r.rosterState = fullRosterState(e.DeactivatedAt, e.SourcedID)
		case p.Role == domain.RoleTeacher:
			active := e.Active()
			r.rosterState = rosterState{Active: &active}
		}
		return r
	}
}

// toEnrollmentResponse converts e without its roster state.
func toEnrollmentResponse(e identity.Enrollment) enrollmentResponse {
	return enrollmentResponse{ClassID: e.ClassID, UserID: e.UserID, Role: string(e.Role), CreatedAt: e.CreatedAt}
}

// loginCard is a student's credentials, shown once after creation or PIN
// reset.
type loginCard struct {
	UserID    string `json:"user_id"`
	Username  string `json:"username"`
	RealName  string `json:"real_name"`
	ClassCode string `json:"class_code,omitempty"`
	PIN       string `json:"pin"`
}

type loginCardsResponse struct {
	ClassID   string      `json:"class_id"`
	ClassName string      `json:"class_name"`
	ClassCode string      `json:"class_code"`
	Students  []loginCard `json:"students"`
}
