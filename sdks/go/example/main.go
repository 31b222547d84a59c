// The SDK as a game uses it. Each part runs when its variables are set:
//
//  1. Caliber launcher login: signs in like the launcher, then exchanges the code like a game server.
//     CALIBER_EMAIL=ben@demo.local CALIBER_PASSWORD='PlayerDemo!2026' CALIBER_SERVER_KEY=gsk_caliber_...
//     (CALIBER_PIN=1234 signs in by PIN instead, on a launcher that signed in by password before: pass the
//     device token the password sign-in printed as CALIBER_DEVICE_TOKEN)
//
//  2. Entitlements (what players bought in the shop of Yggdra or Tales Runner), with that game's server key:
//     hands over every pending entitlement, then consumes it; takes back what was revoked after consumption.
//     GAME_SERVER_KEY=gsk_yggdra_...
//
//  3. Player safety, with any game's server key (needs GAME_SERVER_KEY): at match start, reads each player's
//     standing and keeps banned players out (and mutes chat-restricted ones); reports a player as the in-game
//     menu would.
//     MATCH_PLAYERS=<uuid>,<uuid> REPORT_PLAYER=<uuid> REPORTED_BY=<uuid> (REPORT_CATEGORY, default cheating)
//
//  4. Webhooks: listens on WEBHOOK_PORT (default 8080) for the portal's signed webhooks and handles them as
//     they come (needs GAME_SERVER_KEY too). Stop it with Ctrl-C.
//     PORTAL_WEBHOOK_SECRET=... WEBHOOK_PORT=8080
//
//     PORTAL_URL=http://localhost:3000 ... go run ./example
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"

	portalsdk "example.com/caliber/portalsdk"
)

// The game's side. A real game records what it handed over in its own database, in the same transaction as
// the items, so that an entitlement seen twice (a webhook retried, a poll after a webhook) is given once.
var (
	mu         sync.Mutex
	handedOver = map[string]bool{}
	takenBack  = map[string]bool{}
)

func giveItems(e *portalsdk.Entitlement) {
	mu.Lock()
	defer mu.Unlock()
	if handedOver[e.ID] {
		return
	}
	handedOver[e.ID] = true
	fmt.Printf("handed over %d x %s (%s) to player %s, entitlement %s\n", e.Quantity, e.Sku, e.Name, e.Player, e.ID)
}

func takeItemsBack(e *portalsdk.Entitlement) {
	mu.Lock()
	defer mu.Unlock()
	if (!handedOver[e.ID] && !e.Clawback) || takenBack[e.ID] {
		return // never handed over, or already taken back
	}
	takenBack[e.ID] = true
	fmt.Printf("took back %d x %s from player %s, entitlement %s\n", e.Quantity, e.Sku, e.Player, e.ID)
}

// deliver grants in the game, then consumes: the portal shows the order as delivered.
func deliver(ctx context.Context, server *portalsdk.GameServer, e *portalsdk.Entitlement) error {
	giveItems(e)
	consumed, err := server.ConsumeEntitlement(ctx, e.ID)
	var portalErr *portalsdk.PortalError
	if errors.As(err, &portalErr) && portalErr.Status == 409 {
		takeItemsBack(e) // refunded while we were handing it over
		return nil
	} else if err != nil {
		return err
	}
	fmt.Printf("consumed %s at %s\n", consumed.ID, *consumed.ConsumedAt)
	return nil
}

// deliverPending polls: every pending entitlement, page by page (oldest first), then the revocations to claw back.
func deliverPending(ctx context.Context, server *portalsdk.GameServer) error {
	for _, status := range []string{"pending", "revoked"} {
		after := ""
		for {
			page, err := server.ListEntitlements(ctx, portalsdk.EntitlementQuery{Status: status, After: after, Limit: 100})
			if err != nil {
				return err
			}
			for i := range page.Entitlements {
				e := &page.Entitlements[i]
				if status == "pending" {
					if err := deliver(ctx, server, e); err != nil {
						return err
					}
				} else if e.Clawback {
					takeItemsBack(e)
				}
			}
			if page.Next == "" {
				break
			}
			after = page.Next
		}
	}
	return nil
}

func ending(s *portalsdk.Sanction) string {
	if s.ExpiresAt == nil {
		return "permanently"
	}
	return "until " + *s.ExpiresAt
}

// startMatch: each player's standing decides whether they join, and whether their chat is muted.
func startMatch(ctx context.Context, server *portalsdk.GameServer, players []string) error {
	for _, player := range players {
		standing, err := server.GetStanding(ctx, player)
		var portalErr *portalsdk.PortalError
		if errors.As(err, &portalErr) && portalErr.Status == 404 {
			// Not a player of the portal (a forged or mistyped id): keep them out.
			fmt.Printf("match start: player %s is not a player of the portal\n", player)
			continue
		} else if err != nil {
			return err
		}
		var ban, chat *portalsdk.Sanction
		for i := range standing.Sanctions {
			s := &standing.Sanctions[i]
			if s.Kind == "ban" && ban == nil {
				ban = s
			}
			if s.Scope == "chat" && chat == nil {
				chat = s
			}
		}
		switch {
		case standing.Banned && ban != nil:
			fmt.Printf("match start: player %s is banned (%s, %s)\n", player, ban.Category, ending(ban))
		case chat != nil:
			fmt.Printf("match start: player %s may play, chat muted %s\n", player, ending(chat))
		default:
			fmt.Printf("match start: player %s may play\n", player)
		}
	}
	return nil
}

// reportFromMenu is the in-game "report player" menu: the report reaches the portal's staff with the match as
// context.
func reportFromMenu(ctx context.Context, server *portalsdk.GameServer, reported, reporter, category string) error {
	report, err := server.ReportPlayer(ctx, portalsdk.PlayerReport{
		Reported: reported,
		Reporter: reporter,
		Category: category,
		Message:  "Reported from the in-game menu.",
		Context:  map[string]any{"match": "example-match", "reported_in": "the example"},
	})
	var portalErr *portalsdk.PortalError
	if errors.As(err, &portalErr) && (portalErr.Status == 404 || portalErr.Status == 422) {
		// 404: a player unknown or not registered for this game; 422: a bad report. Tell the player.
		fmt.Printf("report refused (%d): %s\n", portalErr.Status, portalErr.Message)
		return nil
	} else if err != nil {
		return err
	}
	fmt.Printf("reported player %s for %s: report %s at %s\n", reported, category, report.ID, report.CreatedAt)
	return nil
}

// onSanction: a sanction placed or lifted by the portal's staff while the game runs; act on it at once.
func onSanction(eventType string, s *portalsdk.Sanction) {
	if eventType != "player.sanctioned" {
		fmt.Printf("player %s: sanction %s lifted\n", s.Player, s.ID)
		return
	}
	kicked := ""
	if s.Kind == "ban" {
		kicked = " (kicked from the match)"
	}
	fmt.Printf("player %s sanctioned: %s %s %s%s\n", s.Player, s.Scope, s.Kind, ending(s), kicked)
}

// webhookHandler verifies the signature over the raw body, then acts; any 2xx tells the portal it arrived.
func webhookHandler(server *portalsdk.GameServer, secret string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
		if err != nil {
			http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
			return
		}
		event, err := portalsdk.VerifyWebhook(r.Header.Get("Portal-Signature"), body, secret, portalsdk.DefaultWebhookTolerance)
		if err != nil {
			fmt.Fprintln(os.Stderr, "webhook refused:", err)
			http.Error(w, "bad signature", http.StatusBadRequest)
			return
		}
		fmt.Printf("webhook %s %s verified\n", event.Type, event.ID)
		e := event.Data.Entitlement
		switch {
		case event.Type == "entitlement.granted" && e != nil:
			if err := deliver(r.Context(), server, e); err != nil {
				fmt.Fprintln(os.Stderr, "could not handle the webhook:", err)
				w.WriteHeader(http.StatusInternalServerError) // the portal retries later
				return
			}
		case event.Type == "entitlement.revoked" && e != nil && e.Clawback:
			takeItemsBack(e)
		case strings.HasPrefix(event.Type, "player.") && event.Data.Sanction != nil:
			onSanction(event.Type, event.Data.Sanction)
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

func fail(err error) {
	var refused *portalsdk.LoginError
	if errors.As(err, &refused) {
		fmt.Fprintf(os.Stderr, "sign-in refused (%s): %s\n", refused.Code, refused.Message)
	} else {
		fmt.Fprintln(os.Stderr, err)
	}
	os.Exit(1)
}

func main() {
	base := os.Getenv("PORTAL_URL")
	if base == "" {
		base = "http://localhost:3000"
	}
	ctx := context.Background()
	if email := os.Getenv("CALIBER_EMAIL"); email != "" {
		launcher := &portalsdk.LauncherClient{
			BaseURL:     base,
			Developer:   os.Getenv("CALIBER_DEVELOPER") == "true",
			DeviceToken: os.Getenv("CALIBER_DEVICE_TOKEN"),
		}
		var redirect, code string
		var err error
		if pin := os.Getenv("CALIBER_PIN"); pin != "" {
			redirect, code, err = launcher.LoginWithPin(ctx, email, pin)
		} else {
			redirect, code, err = launcher.LoginWithPassword(ctx, email, os.Getenv("CALIBER_PASSWORD"))
		}
		if err != nil {
			fail(err)
		}
		fmt.Println("launcher redirect:", redirect)
		fmt.Println("device token (keep it: the PIN works only with it):", launcher.DeviceToken)
		if key := os.Getenv("CALIBER_SERVER_KEY"); key != "" {
			player, err := (&portalsdk.GameServer{BaseURL: base, ServerKey: key}).ExchangeCode(ctx, code)
			if err != nil {
				fail(err)
			}
			fmt.Printf("player: %+v\n", *player)
		} else {
			fmt.Println("set CALIBER_SERVER_KEY to exchange the code as the game server would")
		}
	}
	key := os.Getenv("GAME_SERVER_KEY")
	if key == "" {
		if os.Getenv("CALIBER_EMAIL") == "" {
			fmt.Println("set CALIBER_EMAIL (launcher login) or GAME_SERVER_KEY (entitlements): see the top of this file")
		}
		return
	}
	server := &portalsdk.GameServer{BaseURL: base, ServerKey: key}
	if err := deliverPending(ctx, server); err != nil {
		fail(err)
	}
	if players := os.Getenv("MATCH_PLAYERS"); players != "" {
		if err := startMatch(ctx, server, strings.FieldsFunc(players, func(r rune) bool { return r == ',' })); err != nil {
			fail(err)
		}
	}
	if reported := os.Getenv("REPORT_PLAYER"); reported != "" {
		category := os.Getenv("REPORT_CATEGORY")
		if category == "" {
			category = "cheating"
		}
		if err := reportFromMenu(ctx, server, reported, os.Getenv("REPORTED_BY"), category); err != nil {
			fail(err)
		}
	}
	if secret := os.Getenv("PORTAL_WEBHOOK_SECRET"); secret != "" {
		port := os.Getenv("WEBHOOK_PORT")
		if port == "" {
			port = "8080"
		}
		listener, err := net.Listen("tcp", ":"+port)
		if err != nil {
			fail(err)
		}
		fmt.Println("listening for webhooks on port", listener.Addr().(*net.TCPAddr).Port)
		if err := http.Serve(listener, webhookHandler(server, secret)); err != nil {
			fail(err)
		}
	}
}
