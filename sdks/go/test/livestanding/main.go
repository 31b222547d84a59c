// Command livestanding runs ReportPlayer, GetStanding and a sanction webhook against a running portal, for the
// portal's test suite (apps/server/src/modules/sdk/sdk-standing.test.ts sets the variables), and prints what
// came back as JSON:
//
//	PORTAL_URL KEY REPORTER REPORTED SANCTIONED UNKNOWN ELSEWHERE WEBHOOK_SECRET WEBHOOK_HEADER WEBHOOK_BODY go run ./test/livestanding
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	portalsdk "example.com/caliber/portalsdk"
)

func must[T any](value T, err error) T {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	return value
}

func main() {
	ctx := context.Background()
	env := os.Getenv
	server := &portalsdk.GameServer{BaseURL: env("PORTAL_URL"), ServerKey: env("KEY")}
	match := map[string]any{"match": "m-42", "round": 3, "ranked": true, "chat": []string{"gg", "Grüße, wall hack?"}}

	out := map[string]any{
		"report": must(server.ReportPlayer(ctx, portalsdk.PlayerReport{
			Reported: env("REPORTED"), Category: "cheating", Reporter: env("REPORTER"),
			Message: "Aimbot in round 3.", Context: match,
		})),
		"anonymous":  must(server.ReportPlayer(ctx, portalsdk.PlayerReport{Reported: env("REPORTED"), Category: "verbal_abuse"})),
		"clean":      must(server.GetStanding(ctx, env("REPORTED"))),
		"sanctioned": must(server.GetStanding(ctx, env("SANCTIONED"))),
	}
	event := must(portalsdk.VerifyWebhook(env("WEBHOOK_HEADER"), []byte(env("WEBHOOK_BODY")), env("WEBHOOK_SECRET"), portalsdk.DefaultWebhookTolerance))
	out["webhook"] = map[string]any{"type": event.Type, "sanction": event.Data.Sanction}

	badKey := &portalsdk.GameServer{BaseURL: env("PORTAL_URL"), ServerKey: "gsk_yggdra_not-a-key"}
	report := func(r portalsdk.PlayerReport) func() error {
		return func() error { _, err := server.ReportPlayer(ctx, r); return err }
	}
	calls := map[string]func() error{
		"unknown_standing":   func() error { _, err := server.GetStanding(ctx, env("UNKNOWN")); return err },
		"unknown_reported":   report(portalsdk.PlayerReport{Reported: env("UNKNOWN"), Category: "cheating"}),
		"unknown_reporter":   report(portalsdk.PlayerReport{Reported: env("REPORTED"), Category: "cheating", Reporter: env("UNKNOWN")}),
		"elsewhere_reported": report(portalsdk.PlayerReport{Reported: env("ELSEWHERE"), Category: "cheating"}),
		"elsewhere_reporter": report(portalsdk.PlayerReport{Reported: env("REPORTED"), Category: "cheating", Reporter: env("ELSEWHERE")}),
		"bad_category":       report(portalsdk.PlayerReport{Reported: env("REPORTED"), Category: "griefing"}),
		"big_context": report(portalsdk.PlayerReport{
			Reported: env("REPORTED"), Category: "spamming", Context: map[string]any{"chat": strings.Repeat("x", 5000)},
		}),
		"bad_key": func() error { _, err := badKey.GetStanding(ctx, env("REPORTED")); return err },
	}
	errs := map[string]any{}
	for name, call := range calls {
		var portalErr *portalsdk.PortalError
		if err := call(); errors.As(err, &portalErr) {
			errs[name] = []any{portalErr.Status, portalErr.Message}
		} else if err != nil {
			errs[name] = err.Error()
		} else {
			errs[name] = nil
		}
	}
	out["errors"] = errs
	_ = json.NewEncoder(os.Stdout).Encode(out)
}
