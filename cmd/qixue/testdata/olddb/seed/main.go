// Command seed fills a running qixue server, through its HTTP API, with a
// few rows of every kind: students, logins, attempts, hints, an
// assignment, a tournament with results and a bye, game records, live
// games and a challenge, a badge, a copied curriculum and a roster
// import. It made the databases of cmd/qixue/testdata/olddb (see its
// README) from a server built at the commit before versioned
// migrations, so that the upgrade test has real rows to keep.
//
//	go run ./cmd/qixue/testdata/olddb/seed -base http://127.0.0.1:18424 \
//	    -teacher-password demo-teacher-pw -admin admin -admin-password admin-pw-123456
package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"mime/multipart"
	"net/http"
	"strings"
	"time"
)

var base string

// call sends a JSON request and decodes a 2xx answer into out; any
// other status is fatal unless it is in ok.
func call(method, path, token string, in, out any, ok ...int) int {
	var body io.Reader
	ctype := "application/json"
	switch v := in.(type) {
	case nil:
	case *multipartBody:
		body, ctype = bytes.NewReader(v.b), v.ctype
	default:
		b, err := json.Marshal(in)
		if err != nil {
			log.Fatal(err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, base+path, body)
	if err != nil {
		log.Fatal(err)
	}
	if in != nil {
		req.Header.Set("Content-Type", ctype)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	idem++
	req.Header.Set("Idempotency-Key", fmt.Sprintf("seed-%d-%d", run, idem))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		for _, s := range ok {
			if s == resp.StatusCode {
				return s
			}
		}
		log.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, b)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			log.Fatalf("%s %s: %v: %s", method, path, err, b)
		}
	}
	return resp.StatusCode
}

var idem int

// run tells apart the Idempotency-Keys of two runs against one server.
var run = time.Now().UnixNano()

type multipartBody struct {
	b     []byte
	ctype string
}

func multipartFile(fields map[string]string, name string, content []byte) *multipartBody {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	f, _ := w.CreateFormFile("file", name)
	f.Write(content)
	w.Close()
	return &multipartBody{buf.Bytes(), w.FormDataContentType()}
}

type tokens struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
}

type card struct {
	ID       string `json:"id"`
	UserID   string `json:"user_id"`
	Username string `json:"username"`
	PIN      string `json:"pin"`
}

type cards struct {
	ClassCode string `json:"class_code"`
	Students  []card `json:"students"`
}

func login(body map[string]string) tokens {
	var t tokens
	call("POST", "/v1/auth/login", "", body, &t)
	return t
}

func main() {
	flag.StringVar(&base, "base", "http://127.0.0.1:18424", "server URL")
	teacherPW := flag.String("teacher-password", "demo-teacher-pw", "the demo teacher's password")
	admin := flag.String("admin", "admin", "a platform admin's username")
	adminPW := flag.String("admin-password", "", "the platform admin's password")

	demo := flag.Bool("demo", true, "the server made the demo school (an embedded database); without it, make one like it as the admin")
	flag.Parse()

	if !*demo {
		// PostgreSQL has no demo data: the admin makes the same school,
		// teacher, class and five students.
		adm := login(map[string]string{"username": *admin, "password": *adminPW}).AccessToken
		var school, user, class struct{ ID string }
		call("POST", "/v1/schools", adm, map[string]string{"name": "棋学示范小学"}, &school)
		call("POST", "/v1/users", adm, map[string]string{"school_id": school.ID, "role": "teacher", "username": "teacher",
			"real_name": "王老师", "password": *teacherPW}, &user)
		call("POST", "/v1/classes", adm, map[string]any{"school_id": school.ID, "name": "一年级(1)班", "grade": 1, "teacher_ids": []string{user.ID}}, &class)
		call("POST", "/v1/classes/"+class.ID+"/students", adm, map[string]any{"students": []map[string]string{
			{"real_name": "王小明"}, {"real_name": "李小红"}, {"real_name": "张伟"}, {"real_name": "刘洋"}, {"real_name": "陈静"}}}, nil)
	}
	teacher := login(map[string]string{"username": "teacher", "password": *teacherPW}).AccessToken
	var classes struct {
		Items []struct{ ID, SchoolID string } `json:"items"`
	}
	call("GET", "/v1/classes", teacher, nil, &classes)
	class := classes.Items[0].ID

	// Three more students, then new cards for the whole class (so every
	// PIN is known).
	call("POST", "/v1/classes/"+class+"/students", teacher, map[string]any{"students": []map[string]string{
		{"real_name": "赵小龙"}, {"real_name": "孙悦"}, {"real_name": "Emma Li"}}}, nil)
	var cs cards
	call("POST", "/v1/classes/"+class+"/login-cards", teacher, nil, &cs)
	var st []tokens
	var ids []string
	for _, c := range cs.Students {
		st = append(st, login(map[string]string{"class_code": cs.ClassCode, "username": c.Username, "pin": c.PIN}))
		id := c.UserID
		if id == "" {
			id = c.ID
		}
		ids = append(ids, id)
	}
	log.Printf("%d students logged in", len(st))
	// A refresh, a logout, a failed login (login limits), a badge.
	var again tokens
	call("POST", "/v1/auth/refresh", "", map[string]string{"refresh_token": st[0].RefreshToken}, &again)
	st[0] = again
	call("POST", "/v1/auth/logout", st[len(st)-1].AccessToken, map[string]string{"refresh_token": st[len(st)-1].RefreshToken}, nil)
	st[len(st)-1] = login(map[string]string{"class_code": cs.ClassCode, "username": cs.Students[len(st)-1].Username, "pin": cs.Students[len(st)-1].PIN})
	call("POST", "/v1/auth/login", "", map[string]string{"username": "teacher", "password": "wrong-password"}, nil, 401)
	call("POST", "/v1/users/"+ids[1]+"/badge", teacher, nil, nil)
	st[1] = login(map[string]string{"class_code": cs.ClassCode, "username": cs.Students[1].Username, "pin": cs.Students[1].PIN})

	// Attempts: choice exercises answered right and wrong, a hint, a give-up.
	var exs struct {
		Items []struct {
			ID       string          `json:"id"`
			Kind     string          `json:"kind"`
			Game     string          `json:"game"`
			Solution json.RawMessage `json:"solution"`
			Hints    int             `json:"hints_total"`
		} `json:"items"`
	}
	call("GET", "/v1/exercises?kind=choice&limit=20", teacher, nil, &exs)
	for i, s := range st {
		for j, e := range exs.Items[:8] {
			var sol struct {
				Choice int `json:"choice"`
			}
			json.Unmarshal(e.Solution, &sol)
			choice := sol.Choice
			if (i+j)%3 == 0 {
				choice = (sol.Choice + 1) % 2
			}
			call("POST", "/v1/exercises/"+e.ID+"/attempts", s.AccessToken, map[string]any{"answer": map[string]int{"choice": choice}, "time_ms": 4000 + 100*j}, nil, 409)
		}
	}
	var moves struct {
		Items []struct {
			ID    string `json:"id"`
			Hints int    `json:"hints_total"`
		} `json:"items"`
	}
	call("GET", "/v1/exercises?kind=numchess.move&limit=5", teacher, nil, &moves)
	for _, e := range moves.Items[:3] {
		if e.Hints > 0 {
			call("POST", "/v1/exercises/"+e.ID+"/hints", st[2].AccessToken, map[string]int{"step": 1}, nil)
		}
	}
	call("POST", "/v1/exercises/"+moves.Items[0].ID+"/give-up", st[2].AccessToken, map[string]int{"time_ms": 60000}, nil)
	call("GET", "/v1/me/next", st[0].AccessToken, nil, nil)

	// An assignment of a lesson and two exercises.
	var lessons struct {
		Items []struct{ ID string } `json:"items"`
	}
	call("GET", "/v1/lessons?limit=3", teacher, nil, &lessons)
	call("POST", "/v1/assignments", teacher, map[string]any{
		"class_id": class, "title": "第一周练习", "due_at": "2027-06-30T12:00:00Z", "attempts_allowed": 3,
		"items": []map[string]string{{"kind": "lesson", "id": lessons.Items[0].ID}, {"kind": "exercise", "id": exs.Items[9].ID}, {"kind": "exercise", "id": exs.Items[10].ID}},
	}, nil)
	call("POST", "/v1/assignments", teacher, map[string]any{
		"class_id": class, "title": "Two students", "due_at": "2027-07-30T12:00:00Z", "student_ids": ids[:2],
		"items": []map[string]string{{"kind": "exercise", "id": exs.Items[11].ID}},
	}, nil)

	// A copied curriculum.
	var curricula struct {
		Items []struct{ ID string } `json:"items"`
	}
	call("GET", "/v1/curricula", teacher, nil, &curricula)
	call("POST", "/v1/curricula/"+curricula.Items[0].ID+"/copy", teacher, nil, nil)

	// A round-robin chess tournament of five with a round paired and
	// scored; a number-chess Swiss with a bye.
	var tour struct{ ID string }
	call("POST", "/v1/tournaments", teacher, map[string]any{"name": "班级赛", "game": "chess", "system": "round_robin", "class_ids": []string{class}, "student_ids": ids[:5]}, &tour)
	var round struct {
		Round  int `json:"round"`
		Boards []struct {
			Board int `json:"board"`
		} `json:"boards"`
	}
	call("POST", "/v1/tournaments/"+tour.ID+"/rounds", teacher, nil, &round)
	for i, b := range round.Boards {
		res := []string{"1-0", "1/2-1/2", "0-1"}[i%3]
		call("POST", "/v1/tournaments/"+tour.ID+"/results", teacher, map[string]any{"round": round.Round, "board": b.Board, "result": res}, nil, 409, 422)
	}
	var nc struct{ ID string }
	call("POST", "/v1/tournaments", teacher, map[string]any{"name": "数棋小组赛", "game": "numchess", "ruleset": "G23", "system": "school_swiss", "rounds": 3, "class_ids": []string{class}, "student_ids": ids}, &nc)
	call("POST", "/v1/tournaments/"+nc.ID+"/byes", teacher, map[string]any{"student_id": ids[4], "round": 2}, nil)

	// Game records: a chess game between two students, a gomoku one.
	pgn := "[Event \"练习\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
	call("POST", "/v1/games", teacher, map[string]any{"game": "chess", "text": pgn, "white_id": ids[0], "black_id": ids[1]}, nil)
	call("POST", "/v1/games", st[3].AccessToken, multipartFile(map[string]string{"game": "chess"}, "g.pgn",
		[]byte("[Result \"1/2-1/2\"]\n\n1. d4 d5 2. c4 e6 1/2-1/2\n")), nil)

	// Live games: one against the computer with a move, one between two
	// students that ends by resignation, a challenge accepted and one declined.
	var live struct {
		ID string `json:"id"`
	}
	call("POST", "/v1/live-games/computer", st[0].AccessToken, map[string]any{"game": "chess", "level": 1, "seat": "first"}, &live)
	call("POST", "/v1/live-games/"+live.ID+"/moves", st[0].AccessToken, map[string]any{"ply": 1, "move": "e4"}, nil)
	var pair struct {
		ID string `json:"id"`
	}
	call("POST", "/v1/live-games", teacher, map[string]any{"game": "gomoku", "players": ids[1:3], "clock": map[string]int{"initial_seconds": 600}}, &pair)
	call("POST", "/v1/live-games/"+pair.ID+"/moves", st[1].AccessToken, map[string]any{"ply": 1, "move": "h8"}, nil)
	call("POST", "/v1/live-games/"+pair.ID+"/resign", st[2].AccessToken, nil, nil)
	var ch struct {
		ID string `json:"id"`
	}
	call("POST", "/v1/challenges", st[3].AccessToken, map[string]any{"to": ids[4], "game": "draughts"}, &ch)
	call("POST", "/v1/challenges/"+ch.ID+"/answer", st[4].AccessToken, map[string]bool{"accept": true}, nil)
	call("POST", "/v1/challenges", st[5].AccessToken, map[string]any{"to": ids[6], "game": "numchess", "ruleset": "G23"}, &ch)
	call("POST", "/v1/challenges/"+ch.ID+"/answer", st[6].AccessToken, map[string]bool{"accept": false}, nil)

	// A number-chess game under competition rules with a penalised move
	// (a span whose expression does not make the piece's number).
	var legal struct {
		Moves []string `json:"moves"`
	}
	call("POST", "/v1/rules/numchess/moves", teacher, map[string]string{"ruleset": "G23"}, &legal)
	span := ""
	for _, m := range legal.Moves {
		if strings.Contains(m, "[") {
			span = m
			break
		}
	}
	var ncLive struct {
		ID string `json:"id"`
	}
	call("POST", "/v1/live-games", teacher, map[string]any{"game": "numchess", "ruleset": "G23", "mode": "competition", "players": ids[5:7]}, &ncLive)
	open := strings.Index(span, "[")
	wrong := span[:open+1] + "1+" + span[open+1:]
	call("POST", "/v1/live-games/"+ncLive.ID+"/moves", st[5].AccessToken, map[string]any{"ply": 1, "move": wrong}, nil, 422)
	log.Printf("number chess %s played as %s", span, wrong)

	// A roster import, as the platform admin, of a second school.
	if *adminPW != "" {
		adm := login(map[string]string{"username": *admin, "password": *adminPW}).AccessToken
		files := map[string]string{
			"manifest.csv": "propertyName,value\nmanifest.version,1.0\noneroster.version,1.1\n" +
				"file.orgs,bulk\nfile.users,bulk\nfile.classes,bulk\nfile.enrollments,bulk\nfile.academicSessions,absent\nfile.courses,absent\n",
			"orgs.csv": "sourcedId,status,dateLastModified,name,type\norg-2,,,第二小学,school\n",
			"users.csv": "sourcedId,orgSourcedIds,role,username,givenName,familyName,password\n" +
				"t2,org-2,teacher,teacher-two,Lin,Wei,\nu21,org-2,student,,明,李,\nu22,org-2,student,,红,王,\n",
			"classes.csv": "sourcedId,title,grades,schoolSourcedId\nc21,二年级(2)班,02,org-2\n",
			"enrollments.csv": "sourcedId,classSourcedId,userSourcedId,role\n" +
				"e1,c21,t2,teacher\ne2,c21,u21,student\ne3,c21,u22,student\n",
		}
		var zb bytes.Buffer
		zw := zip.NewWriter(&zb)
		for name, body := range files {
			w, _ := zw.Create(name)
			io.WriteString(w, body)
		}
		zw.Close()
		var job struct {
			ID     string `json:"id"`
			Status string `json:"status"`
		}
		call("POST", "/v1/roster/imports", adm, multipartFile(nil, "roster.zip", zb.Bytes()), &job)
		for job.Status != "succeeded" && job.Status != "failed" {
			call("GET", "/v1/roster/imports/"+job.ID, adm, nil, &job)
		}
		log.Printf("roster import %s", job.Status)
	}
	var progress json.RawMessage
	call("GET", "/v1/students/"+ids[0]+"/progress", teacher, nil, &progress)
	fmt.Println(strings.TrimSpace(string(progress))[:min(200, len(progress))])
}
