// `npm start`: migrate, seed when empty, build when unbuilt, and serve on PORT (4321).
import '../src/server/main.ts';
