import com.caliber.portal.CaliberPortal;

/**
 * Signs in like the launcher, then exchanges the code like a game server.
 * javac -d out src/main/java/com/caliber/portal/CaliberPortal.java example/Example.java
 * PORTAL_URL=http://localhost:3000 CALIBER_EMAIL=ben@demo.local CALIBER_PASSWORD='PlayerDemo!2026' \
 * CALIBER_SERVER_KEY=gsk_caliber_... java -cp out Example        (CALIBER_PIN=1234 signs in by PIN)
 */
public class Example {
    public static void main(String[] args) throws Exception {
        String base = System.getenv().getOrDefault("PORTAL_URL", "http://localhost:3000");
        CaliberPortal.LauncherClient launcher =
            new CaliberPortal.LauncherClient(base, "true".equals(System.getenv("CALIBER_DEVELOPER")));
        CaliberPortal.LauncherRedirect redirect;
        try {
            String pin = System.getenv("CALIBER_PIN");
            redirect = pin != null && !pin.isEmpty()
                ? launcher.loginWithPin(System.getenv("CALIBER_EMAIL"), pin)
                : launcher.loginWithPassword(System.getenv("CALIBER_EMAIL"), System.getenv("CALIBER_PASSWORD"));
        } catch (CaliberPortal.LoginException e) {
            System.err.println("sign-in refused (" + e.getCode() + "): " + e.getMessage());
            System.exit(1);
            return;
        }
        System.out.println("launcher redirect: " + redirect.redirectUrl);
        String key = System.getenv("CALIBER_SERVER_KEY");
        if (key == null || key.isEmpty()) {
            System.out.println("set CALIBER_SERVER_KEY to exchange the code as the game server would");
            return;
        }
        System.out.println("player: " + new CaliberPortal.GameServer(base, key).exchangeCode(redirect.code));
    }
}
