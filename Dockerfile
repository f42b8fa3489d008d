# The API and the built web app in one image; PostgreSQL runs beside it (docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund
COPY --from=build /app/dist dist
COPY --from=build /app/apps/web/dist apps/web/dist
EXPOSE 3000 6001
CMD ["node", "dist/apps/api/src/main.js"]
