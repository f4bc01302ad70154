import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from "react";
import { ApiError, setCsrfToken, setUnauthorizedHandler } from "../api/client";
import { fetchSession, type Session } from "../api/session";

interface SessionContextValue {
  session: Session | null;
  loading: boolean;
  /** Stores a session answered by sign-in or a project switch. */
  accept(session: Session): void;
  /** Forgets the session locally (after sign-out, or when the server says 401). */
  forget(): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);
const SESSION_KEY = ["session"];

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: async () => {
      try {
        return await fetchSession();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const session = query.data ?? null;
  useEffect(() => setCsrfToken(session?.csrf_token ?? null), [session]);

  const accept = useCallback(
    (next: Session) => {
      setCsrfToken(next.csrf_token);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      queryClient.setQueryData(SESSION_KEY, next);
    },
    [queryClient],
  );
  const forget = useCallback(() => {
    setCsrfToken(null);
    queryClient.clear();
    queryClient.setQueryData(SESSION_KEY, null);
  }, [queryClient]);

  useEffect(() => {
    setUnauthorizedHandler(forget);
    return () => setUnauthorizedHandler(null);
  }, [forget]);

  const value = useMemo(
    () => ({ session, loading: query.isPending, accept, forget }),
    [session, query.isPending, accept, forget],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside SessionProvider");
  return value;
}

/** The signed-in session; only for screens behind the sign-in gate. */
export function useSignedIn(): Session {
  const { session } = useSession();
  if (!session) throw new Error("useSignedIn without a session");
  return session;
}

/** The signed-in person's role in the project; null outside a session (components rendered on their own in tests). */
export function useRole(): Session["role"] | null {
  return useContext(SessionContext)?.session?.role ?? null;
}

/** The signed-in operator's id; null outside a session (components rendered on their own in tests). */
export function useOperatorId(): string | null {
  return useContext(SessionContext)?.session?.user.id ?? null;
}
