import type { FastifyInstance } from 'fastify';
import { courseSearchQuery, findCourses, type CourseSearchResponse } from '@studium/protocol';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../plugins/session';

/**
 * Course suggestions for the course fields of the tutoring and party forms: the catalogue's
 * courses a typed code or name may mean, closest first (docs/matchmaking.md#courses).
 */
export function coursesRoutes(app: FastifyInstance) {
  app.get('/api/courses/', async (req): Promise<CourseSearchResponse> => {
    requireUser(req);
    const { q } = parseInput(courseSearchQuery, req.query);
    return { courses: findCourses(q) };
  });
}
