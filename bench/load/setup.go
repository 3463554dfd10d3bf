package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"qixue/identity"
)

// apiCall sends a JSON request to the server and decodes a 2xx answer
// into out (when not nil).
func apiCall(base, method, path, token string, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, base+path, body)
	if err != nil {
		return err
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: status %d: %s", method, path, resp.StatusCode, strings.TrimSpace(string(b)))
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

type session struct {
	AccessToken string `json:"access_token"`
}

// fixture creates, through the API as the platform admin, a school, a
// grade-4 class and its students, and logs every student in with the
// class code and PIN of their login card; it returns their access tokens.
func fixture(base, adminUser, adminPassword string, students int) ([]string, error) {
	var admin session
	if err := apiCall(base, http.MethodPost, "/v1/auth/login", "", map[string]string{"username": adminUser, "password": adminPassword}, &admin); err != nil {
		return nil, err
	}
	var school struct{ ID string }
	if err := apiCall(base, http.MethodPost, "/v1/schools", admin.AccessToken, map[string]string{"name": "Load Test School"}, &school); err != nil {
		return nil, err
	}
	var class struct{ ID string }
	if err := apiCall(base, http.MethodPost, "/v1/classes", admin.AccessToken, map[string]any{"school_id": school.ID, "name": "4A", "grade": 4}, &class); err != nil {
		return nil, err
	}
	var tokens []string
	for len(tokens) < students {
		n := min(students-len(tokens), identity.MaxBulkStudents)
		list := make([]map[string]string, n)
		for i := range list {
			list[i] = map[string]string{"real_name": fmt.Sprintf("Student %d", len(tokens)+i+1)}
		}
		var cards struct {
			ClassCode string `json:"class_code"`
			Students  []struct {
				Username string `json:"username"`
				PIN      string `json:"pin"`
			} `json:"students"`
		}
		if err := apiCall(base, http.MethodPost, "/v1/classes/"+class.ID+"/students", admin.AccessToken, map[string]any{"students": list}, &cards); err != nil {
			return nil, err
		}
		for _, st := range cards.Students {
			var s session
			if err := apiCall(base, http.MethodPost, "/v1/auth/login", "", map[string]string{"class_code": cards.ClassCode, "username": st.Username, "pin": st.PIN}, &s); err != nil {
				return nil, err
			}
			tokens = append(tokens, s.AccessToken)
		}
	}
	return tokens, nil
}
